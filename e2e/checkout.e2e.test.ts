import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { routePaths } from "../contracts/console-routes.ts";
import { axeScan } from "./support/axe.ts";
import { depositAddressOf } from "./support/bills.ts";
import { startReceiver } from "./support/callbacks.ts";
import { bringDeadlineNear } from "./support/invoices.ts";
import { payFromDevnet } from "./support/orders.ts";
import { giveSession, type MerchantSession, merchantSession } from "./support/session.ts";
import { withConsoleTab } from "./support/tab.ts";

/**
 * The hosted checkout page as a shop's customer meets it: an invoice made through the signed open API by the
 * examples/ client, its page at a phone's width, paid exactly from the devnet's dev account (`npm run chain -- pay`'s
 * way): the page counts the confirmations and turns paid live, without a reload, and offers the way back to the shop;
 * the shop's callback URL hears invoice.paid, verified as its receiver would (Standard Webhooks), and the console's
 * Invoices list and its CSV show the invoice paid.
 * One page load per state group: the paid journey (audited light at 320 px, wide at 1920 px and dark), a cancelled
 * invoice, an id no invoice has; at 375 px, an underpaid invoice completed by a second transfer, and an invoice whose
 * time runs out, then paid late. One shop (merchant, application, open-API client) for all of them.
 */
describe("the hosted checkout page", () => {
  const tab = withConsoleTab({ reducedMotion: true });
  const dataDir = inject("dataDir");
  const database = inject("database");
  let shop: Awaited<ReturnType<typeof depositAddressOf>>;
  let session: MerchantSession;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.answerDeposits(200);
    session = await merchantSession(tab.baseUrl, "checkout");
    shop = await depositAddressOf(tab.baseUrl, session, receiver.callbacks);
  });
  afterAll(() => receiver?.close());

  /** The page is as wide as the window: nothing scrolls sideways. */
  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it("shows the invoice on a phone, turns paid live as the payment confirms, and offers the way back to the shop", async () => {
    const { page } = tab;
    const { client } = shop;
    const made = await client.createInvoice({
      orderId: `order-${Date.now()}`,
      amount: "3.5",
      description: "Two mugs",
      redirectUrl: "https://shop.example.com/thanks",
    });
    expect(made, JSON.stringify(made)).toMatchObject({ success: true });
    const invoice = made.resData;
    expect(new URL(invoice.checkoutUrl).pathname).toBe(`/pay/${invoice.invoiceId}`);
    const cancelled = (await client.createInvoice({ orderId: `order-cancel-${Date.now()}`, amount: "1" })).resData;
    expect((await client.cancelInvoice(cancelled.invoiceId)).success).toBe(true);

    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/pay/${invoice.invoiceId}`);
    await page.getByRole("heading", { name: "Bills journey shop", level: 1 }).waitFor();
    await page.getByText("Waiting for your payment").waitFor();
    expect(await page.getByTestId("checkout-amount").textContent()).toBe("3.50 USDT");
    const address = invoice.addresses[0]?.address ?? "";
    expect(await page.getByTestId("checkout-address").textContent()).toBe(address);
    expect(await page.getByTestId("checkout-time-left").textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await page.getByTestId("checkout-qr").getAttribute("data-value")).toMatch(
      new RegExp(`^ethereum:0x[0-9a-fA-F]{40}@\\d+/transfer\\?address=${address}&uint256=35(0+)$`),
    );
    expect(await noSidewaysScroll(page), "320 px").toBe(true);
    expect(await axeScan(page, "checkout, new, 320 px")).toEqual([]);

    await payFromDevnet(dataDir, address, "3.5");
    await page.getByText(/^Payment seen: confirming [0-2] of 3$/).waitFor({ timeout: 20_000 });
    await page.getByText("Paid. Thank you!").waitFor({ timeout: 20_000 });
    const back = page.getByRole("link", { name: "Return to shop.example.com" });
    const href = new URL((await back.getAttribute("href")) ?? "");
    expect([href.origin + href.pathname, href.searchParams.get("invoiceId"), href.searchParams.get("status")]).toEqual([
      "https://shop.example.com/thanks",
      invoice.invoiceId,
      "paid",
    ]);

    await page.setViewportSize({ width: 1920, height: 1080 });
    expect(await noSidewaysScroll(page), "1920 px").toBe(true);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(28, 33, 39)");
    expect(await axeScan(page, "checkout, paid, dark")).toEqual([]);

    await page.goto(`/pay/${cancelled.invoiceId}`);
    await page.getByText("This payment was cancelled.").waitFor();
    expect(await page.getByRole("link", { name: "Go to shop.example.com" }).getAttribute("href")).toBe(
      "https://shop.example.com",
    );

    await page.goto("/pay/NoSuchInvoice000000000");
    await page.getByRole("heading", { name: "Payment not found", level: 1 }).waitFor();

    // The shop's callback URL hears it paid, signed: verified as a receiver would, with the standardwebhooks package.
    const paidCallback = () =>
      receiver.received.find((r) => r.type === "invoice.paid" && r.body.includes(invoice.invoiceId));
    await expect.poll(paidCallback, { timeout: 20_000 }).toBeTruthy();
    const sent = paidCallback()!;
    const headers = Object.fromEntries(Object.entries(sent.headers).map(([k, v]) => [k, String(v)]));
    const event = new Webhook(shop.webhookSecret).verify(sent.body, headers) as {
      data: { invoiceId: string; status: string; amountReceived: string };
    };
    expect([event.data.invoiceId, event.data.status, event.data.amountReceived]).toEqual([
      invoice.invoiceId,
      "paid",
      "3.5",
    ]);

    // The merchant's console: the Invoices list shows it paid, and its CSV, as filtered, says the same.
    await giveSession(page.context(), session);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(routePaths.invoice);
    const card = page.getByTestId(`invoice-card-${invoice.invoiceId}`);
    await card.getByText("Paid", { exact: true }).first().waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV", exact: true }).click(),
    ]);
    const exported = parse(await readFile(await download.path()), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    const line = exported.find((row) => Object.values(row).includes(invoice.invoiceId));
    expect(line, JSON.stringify(exported)).toBeDefined();
    expect(Object.values(line!)).toEqual(expect.arrayContaining([invoice.orderId, "Paid"]));
  }, 120_000);

  it("at 375 px: says what is still due until the rest arrives; counts down to 0, expires live, and says when money comes late", async () => {
    const { page } = tab;
    const { client } = shop;
    const stamp = Date.now();
    const [madeShort, madeLate] = await Promise.all([
      client.createInvoice({ orderId: `order-short-${stamp}`, amount: "2" }),
      client.createInvoice({ orderId: `order-late-${stamp}`, amount: "1.25" }),
    ]);
    const [short, late] = [madeShort.resData, madeLate.resData];
    const addressOf = (invoice: typeof short) => invoice.addresses[0]?.address ?? "";
    const notes = () => page.getByTestId("checkout-notes").locator("p").allTextContents();

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/pay/${short.invoiceId}`);
    await page.getByText("Waiting for your payment").waitFor();
    await payFromDevnet(dataDir, addressOf(short), "1.5");
    await page.getByText("1.50 USDT received so far: 0.50 USDT is still to pay.").waitFor({ timeout: 20_000 });
    // Only the rest is asked for now: the figure, and the amount the QR's payment URI pre-fills.
    expect(await page.getByTestId("checkout-amount-due").textContent()).toBe("0.50 USDT");
    expect(await page.getByTestId("checkout-qr").getAttribute("data-value")).toMatch(/&uint256=5(0+)$/);
    expect(await page.getByTestId("checkout-address").textContent()).toBe(addressOf(short));
    expect(await noSidewaysScroll(page), "375 px, underpaid").toBe(true);
    await payFromDevnet(dataDir, addressOf(short), "0.5");
    await page.getByText("Paid. Thank you!").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("checkout-address").count()).toBe(0);

    // Made 300 s ago with the shortest expiry, as far as the server's clock is concerned: 20 s are left.
    await bringDeadlineNear(database, late.invoiceId, 20);
    await page.goto(`/pay/${late.invoiceId}`);
    await page.getByText("Waiting for your payment").waitFor();
    expect(await page.getByTestId("checkout-time-left").textContent()).toMatch(/^00:([01]\d|20)$/);
    // The page's own countdown usually ends first and says so; on a loaded machine the server's expiry sweep may come
    // first, and the page goes straight to expired. Either way it offers no address any more.
    const timeUp = page.getByText("The time to pay has run out: do not send a payment now.");
    const expired = page.getByText("This payment has expired: its time ran out before the payment arrived.");
    await timeUp.or(expired).first().waitFor({ timeout: 45_000 });
    expect(await page.getByTestId("checkout-address").count()).toBe(0);
    // The server's expiry sweep ends it, and the page hears it without a reload.
    await expired.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("checkout-time-left").count()).toBe(0);
    await payFromDevnet(dataDir, addressOf(late), "1.25");
    await page.getByText(/^Your payment arrived after the time ran out\./).waitFor({ timeout: 20_000 });
    expect(await notes()).toEqual([
      "This payment has expired: its time ran out before the payment arrived.",
      "Your payment arrived after the time ran out. It was received all the same: Bills journey shop will settle it with you.",
    ]);
    expect(await page.getByRole("link", { name: "Go to shop.example.com" }).getAttribute("href")).toBe(
      "https://shop.example.com",
    );
    expect(await noSidewaysScroll(page), "375 px, paid late").toBe(true);
    expect(await axeScan(page, "checkout, paid late, 375 px")).toEqual([]);
  }, 150_000);
});
