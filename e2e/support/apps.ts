import type { Page } from "playwright-core";
import { callAsMerchant, nextCode, outbox } from "./api.ts";
import { button, label, sendCodeButton } from "./console.ts";
import { giveSession, merchantSession } from "./session.ts";

/** The en-US labels of My applications (locales/en-US.json, `apps`). */
export const appLabel = {
  title: "My applications",
  add: "Add application",
  addSubmit: "Add",
  name: "Name",
  address: "Site address",
  recharge: "Recharge callback URL",
  withdraw: "Withdraw callback URL",
  remark: "Remark",
  edit: "Edit",
  credentials: "Credentials",
  rotate: "Rotate secret",
  save: "Save",
  stop: "Stop",
  enable: "Enable",
  verify: "Verify",
  done: "Done",
} as const;

export const longUrl = (path: string) =>
  `https://payments.northwindtrading.example.com/api/v2/merchant-callbacks/${path}/notify?channel=usdt&version=2026`;

/**
 * A merchant with the trial package (one application), its session given to the tab: its first page is the journey's
 * own (no console home drawn before it).
 */
export async function trialMerchant(page: Page, baseUrl: string, tag: string) {
  const session = await merchantSession(baseUrl, tag);
  await giveSession(page.context(), session);
  const { email, token } = session;
  const packages = await callAsMerchant<Array<{ id: string; code: string }>>(baseUrl, token, "/api/Package/List");
  await callAsMerchant(baseUrl, token, "/api/Order/Create", {
    packageId: packages.find((p) => p.code === "trial")?.id,
  });
  return { email, token };
}

export async function addApp(page: Page, name: string) {
  await button(page, appLabel.add).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(appLabel.name, { exact: true }).fill(name);
  await dialog.getByLabel(appLabel.address, { exact: true }).fill("https://shop.example.com");
  await dialog.getByLabel(appLabel.recharge, { exact: true }).fill(longUrl("recharge"));
  await dialog.getByLabel(appLabel.withdraw, { exact: true }).fill(longUrl("withdraw"));
  await dialog.getByLabel(appLabel.remark, { exact: true }).fill("Made by the journey");
  await dialog.getByRole("button", { name: appLabel.addSubmit, exact: true }).click();
}

/** Sends the code from the open dialog, types it from the dev outbox, and verifies. */
export async function verifyWithMailedCode(page: Page, baseUrl: string, email: string) {
  const dialog = page.getByRole("dialog");
  const seen = (await outbox(baseUrl, email)).length;
  await sendCodeButton(dialog).click();
  const code = await nextCode(baseUrl, email, seen);
  await dialog.getByLabel(label.code, { exact: true }).fill(code);
  await dialog.getByRole("button", { name: appLabel.verify, exact: true }).click();
}
