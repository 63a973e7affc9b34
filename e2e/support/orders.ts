import pg from "pg";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { callAsMerchant, nextCode, outbox, uniqueEmail } from "./api.ts";
import { accountShown, button, waitForPath } from "./console.ts";
import { openDevWallet, payFromDevAccount } from "../../scripts/chain-pay.ts";
import { giveSession, merchantSession } from "./session.ts";

/** The en-US labels of the order screens (locales/en-US.json, `orderPayment` and `orders`). */
export const orderLabel = {
  createOrder: "Create order",
  finishPay: "Finish Pay",
  cancelOrder: "Cancel order",
  cancelConfirm: "Cancel the order",
  copyAddress: "Copy the address",
  devPay: "Pay from the dev wallet",
  yes: "Yes",
  details: "Details",
} as const;

/**
 * A new merchant on the console home, the session given to the tab before its first page (the sign-in form has
 * journeys of its own: through it, /login loaded and drawn before every such journey).
 */
export async function signedInMerchant(page: Page, baseUrl: string, tag: string): Promise<string> {
  const session = await merchantSession(baseUrl, tag);
  await giveSession(page.context(), session);
  await page.goto("/console/index");
  await waitForPath(page, "/console/index");
  return session.email;
}

/**
 * /order/buy → choose the package → Create order: the pay dialog is open on the first chain (the devnet). `loaded`:
 * the tab is on /order/buy already.
 */
export async function orderPackage(
  page: Page,
  packageCode: string,
  { loaded = false } = {},
): Promise<{ address: string; orderCode: string }> {
  if (!loaded) await page.goto("/order/buy");
  await page.getByTestId(`package-${packageCode}`).getByRole("radio").check({ force: true });
  await button(page, orderLabel.createOrder).click();
  const address = page.getByTestId("pay-address");
  await address.waitFor();
  // The title says what is bought; the order's code is on the line under it.
  const title = (await page.getByRole("dialog").getByRole("heading").first().textContent()) ?? "";
  expect(title).toMatch(/^Pay for \S.*, \d+ \w+$/);
  const codeLine = (await page.getByTestId("pay-order-code").textContent()) ?? "";
  const orderCode = /\d{8,24}/.exec(codeLine)?.[0];
  if (!orderCode) throw new Error(`the pay dialog names no order code under its title "${title}": "${codeLine}"`);
  return { address: (await address.textContent())?.trim() ?? "", orderCode };
}

/**
 * What `npm run chain -- pay` does, from the journey's own process: a real token transfer from the devnet's dev account,
 * once mined. A Node start for each payment cost the stage about 0.8 CPU-seconds; the command itself is proven by
 * server/chain/main-devnet.process.test.ts.
 */
export async function payFromDevnet(dataDir: string, to: string, amount: string): Promise<string> {
  if (!dataDir) throw new Error("the journeys that pay need the server's DATA_DIR (E2E_DATA_DIR with E2E_BASE_URL)");
  const wallet = await openDevWallet({ ...process.env, DATA_DIR: dataDir });
  return (await payFromDevAccount(wallet, to, amount)).hash;
}

/**
 * A new merchant with a paid trial, a pending basic order and an application with long callback addresses, its session
 * given to the tab (the sign-in form has journeys of its own), on the console home:
 * the order list, its dialogs, the package card and My applications have something to show.
 */
export async function merchantWithOrders(page: Page, baseUrl: string) {
  // A long address at a company's domain, as merchants have: the kind a cramped card broke mid-word.
  const email = uniqueEmail("layout").replace("@example.com", "@accounts.northwindtrading.example.com");
  const session = await merchantSession(baseUrl, "layout", email);
  await giveSession(page.context(), session);
  await page.goto("/console/index");
  await waitForPath(page, "/console/index");
  await accountShown(page);
  const { token } = session;
  const packages = await callAsMerchant<Array<{ id: string; code: string }>>(baseUrl, token, "/api/Package/List");
  const id = (code: string) => packages.find((p) => p.code === code)?.id ?? "";
  await callAsMerchant(baseUrl, token, "/api/Order/Create", { packageId: id("trial") });
  await callAsMerchant(baseUrl, token, "/api/Order/Create", { packageId: id("basic") });
  const callback = (kind: string) =>
    `https://payments.northwindtrading.example.com/api/v2/merchant-callbacks/${kind}/notify?channel=usdt&version=2026`;
  await callAsMerchant(baseUrl, token, "/api/App/Add", {
    name: "Northwind Trading storefront",
    address: "https://shop.northwindtrading.example.com",
    rechargeCallbackUrl: callback("recharge"),
    withdrawCallbackUrl: callback("withdraw"),
    remark: "Main shop",
  });
  // A withdrawal destination, usable at once on the journeys' server: My wallet offers Withdraw and lists the book.
  // Adding it takes the code mailed for it.
  const seen = (await outbox(baseUrl, email)).length;
  await callAsMerchant(baseUrl, token, "/api/User/SentVerificationCode", { email, type: "withdrawal" });
  await callAsMerchant(baseUrl, token, "/api/Wallet/AddAddress", {
    chain: "Devnet",
    address: "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199",
    label: "Northwind cold storage",
    code: await nextCode(baseUrl, email, seen),
  });
}

/**
 * Presses Finish Pay after a transfer and returns once the dialog shows the server checking (its progress). The
 * watcher may see the transfer first (`npm run chain -- pay` returns once the block is mined, the devnet's watcher ticks
 * every 500 ms): the dialog then holds the button while the transfer confirms (no second payment) and shows
 * the progress without it. On a busy machine either can take a while, so this looks again until one happens (30 s), and
 * a dialog that shows neither is reported with what it shows. On a busy machine the transfer may also be confirmed
 * between two looks: the pay dialog has then given way to "Payment complete", which is as far as this goes (the
 * journey checks that the confirmations were shown on the way, `recordShown`).
 */
export async function finishPayAfterTransfer(page: Page) {
  const dialog = page.getByRole("dialog");
  const progress = dialog.getByTestId("pay-progress");
  const finish = button(page, orderLabel.finishPay);
  const complete = button(page, orderLabel.yes);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await progress.count()) > 0 || (await complete.count()) > 0) return;
    if ((await finish.count()) > 0 && (await finish.isEnabled()))
      await finish.click({ timeout: 5_000 }).catch(() => {});
    await progress.waitFor({ timeout: 1_000 }).catch(() => {});
  }
  if ((await progress.count()) > 0) return;
  const shown = ((await dialog.textContent().catch(() => null)) ?? "no dialog").replace(/\s+/g, " ");
  throw new Error(`after the transfer the pay dialog shows no progress within 30 s; it shows: ${shown}`);
}

/**
 * Closes a waiting order's payment window now on the server's clock, as if it had been made that long ago: the window
 * is 30 minutes, and a server of its own with a shorter one (ORDER_PAY_SECONDS) cost a start, its migrations and a
 * devnet. Moved once Finish Pay has made the order waiting; what follows is the product's own: the server's expiry
 * sweep fails it and the pay dialog hears it on its stream.
 */
export async function closePayWindow(databaseUrl: string, orderCode: string): Promise<void> {
  if (!databaseUrl) throw new Error("closing an order's window needs the server's database (not with E2E_BASE_URL)");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const close = async () =>
      (
        await client.query("update orders set expires_at = now() where order_code = $1 and status = 'waiting'", [
          orderCode,
        ])
      ).rowCount;
    await expect.poll(close, { message: `order ${orderCode} never became waiting` }).toBe(1);
  } finally {
    await client.end();
  }
}
