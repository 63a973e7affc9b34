import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openApiClient } from "../examples/open-api-client.ts";
import { callAsMerchant, nextCode, outbox } from "./support/api.ts";
import { button } from "./support/console.ts";
import { payWithChainCli, signedInMerchant } from "./support/orders.ts";
import { withConsoleTab } from "./support/tab.ts";

/** The en-US labels of Application bills (locales/en-US.json, `bills`). */
const billLabel = {
  title: "Application bills",
  empty: "No bills yet",
  toApps: "Go to My applications",
  live: "Live",
  txHash: "Transaction hash",
  search: "Search",
  reset: "Reset",
  details: "Details",
  close: "Close",
  confirming: "Confirming",
  credited: "Credited",
  copyTxHash: "Copy the transaction hash",
} as const;

/**
 * A merchant on the trial with an application, its credentials after the e-mail code, and a deposit address made for
 * an end user through the open API by the examples/ client, as the merchant's own system would.
 */
async function merchantWithDepositAddress(page: Page, baseUrl: string) {
  const email = await signedInMerchant(page, baseUrl, "bills");
  const token = (await page.evaluate(() => localStorage.getItem("token"))) ?? "";
  const as = <T>(path: string, body: unknown = null) => callAsMerchant<T>(baseUrl, token, path, body);
  const packages = await as<Array<{ id: string; code: string }>>("/api/Package/List");
  await as("/api/Order/Create", { packageId: packages.find((p) => p.code === "trial")?.id });
  const app = await as<{ appCode: string }>("/api/App/Add", {
    name: "Bills journey shop",
    address: "https://shop.example.com",
    rechargeCallbackUrl: "https://shop.example.com/recharge",
    withdrawCallbackUrl: "https://shop.example.com/withdraw",
    remark: "",
  });
  const seen = (await outbox(baseUrl, email)).length;
  await as("/api/User/SentVerificationCode", { email, type: "application" });
  const code = await nextCode(baseUrl, email, seen);
  const { proof } = await as<{ proof: string }>("/api/Register/CheckCaptchaCode", {
    email,
    code,
    type: "application",
    appCode: app.appCode,
    action: "credentials",
  });
  const credentials = await as<{ appKey: string; appSecret: string }>("/api/App/Credentials", {
    appCode: app.appCode,
    proof,
  });
  const client = openApiClient({ baseUrl, ...credentials });
  const created = await client.createDepositAddress({ endUserId: "customer-42", chain: "Devnet" });
  expect(created, JSON.stringify(created)).toMatchObject({ success: true });
  return { appCode: app.appCode, address: created.resData.address };
}

/**
 * Application bills on the server's devnet (anvil, one block a second, 3 confirmations: e2e/global-setup.ts): a
 * customer's payment to a deposit address becomes a bill on the open page, its confirmations counting live over the
 * bills' event stream until it is credited; then the merchant finds it by its transaction hash.
 */
describe("Application bills", () => {
  const tab = withConsoleTab();
  const dataDir = inject("dataDir");

  it("shows a deposit arrive and confirm live, finds it by its transaction hash, opens its details and resets", async () => {
    const { page, baseUrl } = tab;
    const { appCode, address } = await merchantWithDepositAddress(page, baseUrl);

    await page.goto("/bill/list");
    await page.getByRole("heading", { name: billLabel.title, level: 1 }).waitFor();
    const empty = page.getByTestId("bills-empty");
    await empty.getByText(billLabel.empty).waitFor();
    await empty.getByRole("link", { name: billLabel.toApps }).waitFor();
    await page.getByTestId("bills-feed").getByText(billLabel.live, { exact: true }).waitFor();

    // The page stays open: the bill appears and counts its confirmations without a reload.
    const first = await payWithChainCli(dataDir, address, "25");
    const table = page.getByTestId("bills-table");
    const firstRow = table.getByRole("row").filter({ has: page.getByTitle(first) });
    await firstRow.waitFor({ timeout: 20_000 });
    await firstRow.getByText(appCode).waitFor();
    await firstRow.getByText("25.00 USDT").first().waitFor();
    await firstRow.getByText(billLabel.credited, { exact: true }).waitFor({ timeout: 20_000 });

    const second = await payWithChainCli(dataDir, address, "7.5");
    const secondRow = table.getByRole("row").filter({ has: page.getByTitle(second) });
    await secondRow.waitFor({ timeout: 20_000 });
    // Seen in a block and still confirming: n / 3, counting up in place, then credited.
    await expect
      .poll(async () => (await secondRow.textContent()) ?? "", { timeout: 20_000 })
      .toMatch(new RegExp(`${billLabel.confirming}\\s*[0-2] / 3 confirmations|${billLabel.credited}`));
    await secondRow.getByText(billLabel.credited, { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);

    // Found by its transaction hash: one row.
    const form = page.getByRole("form", { name: "Search bills" });
    await form.getByLabel(billLabel.txHash, { exact: true }).fill(first);
    await form.getByRole("button", { name: billLabel.search, exact: true }).click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    await firstRow.waitFor();

    await firstRow.getByRole("button", { name: billLabel.details, exact: true }).click();
    const dialog = page.getByRole("dialog");
    const facts = dialog.getByTestId("bill-facts");
    await facts.waitFor();
    for (const text of [first, address, "Bills journey shop", "customer-42", "Devnet (31337)", "ERC-20"])
      expect(await facts.textContent()).toContain(text);
    await dialog.getByText(billLabel.credited, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: billLabel.copyTxHash }).waitFor();
    await dialog.getByRole("button", { name: billLabel.close, exact: true }).last().click();
    await dialog.waitFor({ state: "detached" });

    await button(page, billLabel.reset).click();
    await expect.poll(() => form.getByLabel(billLabel.txHash, { exact: true }).inputValue()).toBe("");
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);
  });
});
