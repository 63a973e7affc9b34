import type { Page } from "playwright-core";
import { expect } from "vitest";
import { openApiClient } from "../../examples/open-api-client.ts";
import { applicationWithCredentials, callAsMerchant } from "./api.ts";
import { giveSession, merchantSession } from "./session.ts";

/** The application's callback URLs; the bills' journeys never reach them (a receiver is e2e/support/callbacks.ts). */
const defaultCallbacks = {
  rechargeCallbackUrl: "https://shop.example.com/recharge",
  withdrawCallbackUrl: "https://shop.example.com/withdraw",
};

/**
 * A merchant on the trial with an application, its credentials after the e-mail code, and a deposit address made for
 * an end user through the open API by the examples/ client, as the merchant's own system would (the client is answered
 * too, for more calls), all through the calls; its session given to the tab, whose first page is the journey's own
 * (the console home drawn first cost Chromium a page load the journeys never looked at).
 */
export async function merchantWithDepositAddress(
  page: Page,
  baseUrl: string,
  { tag = "bills", callbacks = defaultCallbacks } = {},
) {
  const session = await merchantSession(baseUrl, tag);
  const made = await depositAddressOf(baseUrl, session, callbacks);
  await giveSession(page.context(), session);
  return { ...made, token: session.token };
}

/** What merchantWithDepositAddress makes for a merchant already signed in (its e-mail and session token), by calls. */
export async function depositAddressOf(
  baseUrl: string,
  { email, token }: { email: string; token: string },
  callbacks = defaultCallbacks,
) {
  const as = <T>(path: string, body: unknown = null) => callAsMerchant<T>(baseUrl, token, path, body);
  const packages = await as<Array<{ id: string; code: string }>>("/api/Package/List");
  await as("/api/Order/Create", { packageId: packages.find((p) => p.code === "trial")?.id });
  const { appCode, webhookSecret, ...credentials } = await applicationWithCredentials(
    baseUrl,
    { email, token },
    { name: "Bills journey shop", ...callbacks },
  );
  const client = openApiClient({ baseUrl, ...credentials });
  const created = await client.createDepositAddress({ endUserId: "customer-42", chain: "Devnet" });
  expect(created, JSON.stringify(created)).toMatchObject({ success: true });
  return { appCode, address: created.resData.address, client, webhookSecret };
}
