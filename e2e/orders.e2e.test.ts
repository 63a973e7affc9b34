import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { callAsMerchant } from "./support/api.ts";
import { button, gridRow, waitForPath } from "./support/console.ts";
import { closePayWindow, finishPayAfterTransfer, orderLabel, orderPackage, payFromDevnet } from "./support/orders.ts";
import { recordShown } from "./support/shown-texts.ts";
import { giveSession, merchantSession } from "./support/session.ts";
import { type ConsoleTab, withConsoleTab } from "./support/tab.ts";

/** One Chromium for both servers' journeys (a launch per describe before). */
const tab = withConsoleTab();

/**
 * A new merchant, its session given to the tab before the journey's first page (the sign-in form has journeys of its
 * own): through the form, each sign-in cost Chromium /login and the console home, ~0.5 CPU-s.
 */
async function signedInMerchant({ context, baseUrl }: Pick<ConsoleTab, "context" | "baseUrl">, tag: string) {
  const session = await merchantSession(baseUrl, tag);
  await giveSession(context, session);
  return session;
}

/**
 * Buying a package and paying it with real token transfers on the server's devnet (anvil, one block a second,
 * 3 confirmations: e2e/global-setup.ts), watched by the server's chain watcher; the pay dialog follows the order over the event stream.
 */
describe("orders and payment on the devnet", () => {
  const dataDir = inject("dataDir");
  const dialog = (page: Page) => page.getByRole("dialog");

  async function expectPaid(page: Page) {
    // "Payment complete … go to my orders?" once the watcher has confirmed the transfers.
    await button(page, orderLabel.yes).waitFor({ timeout: 30_000 });
    await button(page, orderLabel.yes).click();
    await waitForPath(page, "/order/list");
  }

  it("chooses a package, pays it from the devnet's dev account (as `npm run chain -- pay` does), watches the confirmations count up and sees it paid", async () => {
    const { page, baseUrl, context } = tab;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await signedInMerchant(tab, "pay");

    await page.goto("/order/buy");
    await waitForPath(page, "/order/buy");
    // Nothing chosen: the machine says so without calling the server.
    await button(page, orderLabel.createOrder).click();
    await expect.poll(() => page.getByText("Please select the current package first").count()).toBeGreaterThan(0);

    // Chosen on the same page, as the merchant would after the message.
    const { address, orderCode } = await orderPackage(page, "basic", { loaded: true });
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect.poll(() => page.getByTestId("pay-qr").count()).toBe(1);
    await button(page, orderLabel.copyAddress).click();
    await page.getByText("Copied").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    const confirming = await recordShown(page, /[12] \/ 3 confirmations/);
    const hash = await payFromDevnet(dataDir, address, "29");
    await finishPayAfterTransfer(page);
    // The transfer is seen, then confirmed: the dialog shows n / 3 confirmations without a reload.
    await confirming.anywhere();
    await expectPaid(page);

    const row = await gridRow(page.getByTestId("orders-table"), { hasText: orderCode });
    await row.getByText("Paid", { exact: true }).waitFor();
    // My orders exported: the merchant's one order, paid, as the row shows it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV", exact: true }).click(),
    ]);
    const exported = parse(await readFile(await download.path()), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    // Under the list's labels, the status as the row words it and its code beside.
    expect(exported.map((order) => [order["Order code"], order["Pay status"], order["Pay status (code)"]])).toEqual([
      [orderCode, "Paid", "paid"],
    ]);
    await row.getByRole("button", { name: orderLabel.details }).click();
    const details = dialog(page);
    await details.getByTestId("order-transfers").waitFor();
    await expect
      .poll(async () => (await details.getByTestId("order-transfers").textContent()) ?? "")
      .toContain(hash.slice(0, 10));
  });

  it("waits for the rest after a short payment, and is paid by a second transfer", async () => {
    const { page } = tab;
    await signedInMerchant(tab, "short");
    const { address } = await orderPackage(page, "basic");
    await payFromDevnet(dataDir, address, "10");
    await finishPayAfterTransfer(page);
    // Confirmed 10 of 29: still to pay 19, the order waits.
    await expect
      .poll(async () => (await dialog(page).getByTestId("pay-received").textContent()) ?? "", { timeout: 20_000 })
      .toMatch(/Confirmed 10(\.0+)? USDT · Seen, confirming 0(\.0+)? USDT · Still to send 19/);
    await payFromDevnet(dataDir, address, "19");
    await expectPaid(page);
  });

  it("cancels a pending order after the confirmation", async () => {
    const { page } = tab;
    await signedInMerchant(tab, "cancel");
    await orderPackage(page, "basic");
    await button(page, orderLabel.cancelOrder).click();
    await button(page, orderLabel.cancelConfirm).click();
    await dialog(page).getByText("Order cancelled").waitFor();
  });

  it("credits a transfer without an open order to the balance, and pays the next order from it", async () => {
    const { page, baseUrl } = tab;
    const { token } = await signedInMerchant(tab, "balance");
    // An order gives the merchant its address; cancelled, a transfer to that address is not an order's.
    const { address } = await orderPackage(page, "basic");
    await button(page, orderLabel.cancelOrder).click();
    await button(page, orderLabel.cancelConfirm).click();
    await dialog(page).getByText("Order cancelled").waitFor();
    await payFromDevnet(dataDir, address, "50");

    // Confirmed (3 blocks), the 50 USDT are the balance, which /order/buy shows and which covers the next order. The
    // server is asked until it has credited them, the page loaded once then (it was loaded once a second, each load
    // ~0.25 CPU-s of Chromium).
    await expect
      .poll(async () => (await callAsMerchant<{ balance: string }>(baseUrl, token, "/api/Account/Balance")).balance, {
        timeout: 20_000,
        interval: 500,
      })
      .toMatch(/^50(\.0+)?$/);
    // My wallet shows the address the pay dialog showed, and calls it by the same name.
    await page.goto("/wallet");
    const walletAddress = page.getByTestId("wallet-payment-value");
    await expect.poll(async () => (await walletAddress.textContent()) ?? "").toBe(address);
    await page.getByRole("heading", { name: "Payment address" }).waitFor();
    await page.goto("/order/buy");
    await expect.poll(async () => (await page.getByTestId("balance").textContent()) ?? "").toMatch(/50/);
    await orderPackage(page, "basic", { loaded: true });
    await page.getByRole("button", { name: /^Pay from balance/ }).click();
    await expectPaid(page);

    // Basic is paid and runs: Pro's pay dialog credits its unused part and says what is due, before paying.
    await orderPackage(page, "pro");
    const credit = (await dialog(page).getByTestId("pay-credit").textContent()) ?? "";
    expect(credit).toMatch(/^Price79\.00 USDTCredit for the unused part of your current package− 28\.9\d* USDT/);
    expect(credit).toMatch(/To pay after the credit50\.0\d* USDT$/);
  });

  it("pays from the dev wallet on the devnet", async () => {
    const { page } = tab;
    await signedInMerchant(tab, "devpay");
    await orderPackage(page, "pro");
    await button(page, orderLabel.devPay).click();
    // Seen by the watcher, the transfer moves the order to waiting by itself; confirmed, it is paid.
    await dialog(page).getByTestId("dev-payment").waitFor();
    await expectPaid(page);
  });
});

describe("an order whose payment never comes", () => {
  const database = inject("database");

  it("ends in 'Confirmation failed' when the window closes", async () => {
    const { page } = tab;
    await signedInMerchant(tab, "never");
    const { orderCode } = await orderPackage(page, "basic");
    await button(page, orderLabel.finishPay).click();
    await closePayWindow(database, orderCode);
    await page.getByRole("dialog").getByText("Confirmation failed").waitFor({ timeout: 30_000 });
  });
});
