import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoiceExportTable } from "../../contracts/exports/invoices.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { invoiceListResult } from "../../contracts/schemas/invoices.ts";
import { openInvoice } from "../../contracts/schemas/open-api-invoices.ts";
import { labelledRowOf } from "../testing/csv-rows.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { consoleInvoice, invoiceEventsPath } from "../../contracts/schemas/invoices.ts";
import { applyInvoiceEvents, lockInvoice } from "../domain/invoices/invoice-life-store.ts";
import { publishEvent } from "../domain/platform/event-outbox.ts";
import { openEventStream } from "../testing/event-stream.ts";
import { seedApplication, seedInvoice, seedInvoiceTransfer, seedPaidOrder } from "../testing/seed.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
beforeAll(async () => {
  // Devnet takes deposit addresses (a payment link's invoice needs them) and has no explorer; Eth has one (its trailing
  // slash is not doubled).
  h = await createHarness({
    chain: stubChainLayer([
      configuredChain("Devnet", 31337, { depositFactory: `0x${"fb".repeat(20)}` }),
      configuredChain("Eth", 1, { confirmations: 12, explorerUrl: "https://etherscan.example/" }),
    ]),
  });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const appOf = (m: Merchant, app: { applicationId: string; appCode: string }) => ({
  userId: m.userId,
  applicationId: app.applicationId,
  appCode: app.appCode,
});
const devnet = { chainId: 31337, factory: `0x${"fa".repeat(20)}` as const };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));

const list = async (m: Merchant, body: Record<string, unknown> = {}) => {
  const answer = await call(h, "invoiceList", { token: m.token, body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
  return invoiceListResult.parse(answer.resData);
};

/** Three invoices of two applications, a minute apart: a new one, one paid over, one expired underpaid. */
async function threeInvoices(m: Merchant) {
  const shop = await seedApplication(h.db, { userId: m.userId, name: "Mug shop" });
  const games = await seedApplication(h.db, { userId: m.userId, name: "Game top-ups" });
  const of = (app: typeof shop) => ({ userId: m.userId, applicationId: app.applicationId, appCode: app.appCode });
  const underpaid = await seedInvoice(h.db, {
    ...of(shop),
    chains: [devnet],
    orderId: "order-1",
    amount: "12.5",
    status: "expired",
    flags: ["underpaid"],
    amountReceived: "5",
    transfers: [{ id: "t1", chain: "31337", amount: "5", confirmations: 2, required: 2, removed: false, late: false }],
    expiryReached: true,
  });
  const paid = await seedInvoice(h.db, {
    ...of(games),
    chains: [devnet],
    orderId: "order-2",
    amount: "25",
    status: "paid",
    flags: ["overpaid"],
    amountReceived: "30",
    transfers: [
      { id: "t2", chain: "31337", amount: "10", confirmations: 0, required: 2, removed: true, late: false },
      { id: "t3", chain: "31337", amount: "30", confirmations: 3, required: 2, removed: false, late: false },
    ],
    metadata: {},
    description: null,
  });
  const open = await seedInvoice(h.db, { ...of(shop), chains: [devnet], orderId: "order-3" });
  for (const [invoice, minute] of [
    [underpaid, 1],
    [paid, 2],
    [open, 3],
  ] as const)
    await h.db
      .updateTable("invoices")
      .set({ created_at: at(minute), paid_at: invoice === paid ? at(4) : null })
      .where("id", "=", invoice.id)
      .execute();
  return { shop, games, underpaid, paid, open };
}

describe("Invoice/List and Export", () => {
  it("lists every invoice of the merchant's applications newest first, each with its application, payment link, addresses and the transfers it counted; filters, pages and exports exactly what it lists", async () => {
    const m = await signedInMerchant(h);
    const made = await threeInvoices(m);
    const page = await list(m);
    expect(page).toMatchObject({ total: 3, totalCapped: false, nextCursor: null, previousCursor: null });
    expect(page.items.map((i) => [i.orderId, i.appName, i.status, i.flags, i.amount, i.amountReceived])).toEqual([
      ["order-3", "Mug shop", "new", [], "25", "0"],
      ["order-2", "Game top-ups", "paid", ["overpaid"], "25", "30"],
      ["order-1", "Mug shop", "expired", ["underpaid"], "12.5", "5"],
    ]);
    const paid = page.items[1]!;
    expect(paid).toMatchObject({
      invoiceId: made.paid.publicId,
      appCode: made.games.appCode,
      description: null,
      metadata: {},
      addresses: [{ chain: "Devnet", chainId: 31337, address: made.paid.addresses.get(31337) }],
      // Its life names a transfer's chain by id; the console by name. A reorganised one stays, marked removed.
      transfers: [
        { chain: "Devnet", amount: "10", confirmations: 0, required: 2, removed: true, late: false },
        { chain: "Devnet", amount: "30", confirmations: 3, required: 2, removed: false, late: false },
      ],
      createdAt: at(2).toISOString(),
      paidAt: at(4).toISOString(),
    });
    // The checkout page's link, under the origin the console was reached at.
    expect(paid.checkoutUrl).toMatch(new RegExp(`^https?://[^/]+/pay/${made.paid.publicId}$`));
    expect(page.items[0]).toMatchObject({ description: "Two mugs", metadata: { cart: "c-77" }, paidAt: null });

    expect((await list(m, { status: "paid" })).items.map((i) => i.orderId)).toEqual(["order-2"]);
    expect((await list(m, { appCode: made.shop.appCode })).items.map((i) => i.orderId)).toEqual(["order-3", "order-1"]);
    expect((await list(m, { orderId: "order-1" })).items.map((i) => i.orderId)).toEqual(["order-1"]);
    // A flag selects the invoices carrying it, whatever else they carry.
    expect((await list(m, { flag: "overpaid" })).items.map((i) => i.orderId)).toEqual(["order-2"]);
    expect((await list(m, { flag: "underpaid", appCode: made.shop.appCode })).items.map((i) => i.orderId)).toEqual([
      "order-1",
    ]);
    expect((await list(m, { flag: "paidLate" })).items).toEqual([]);
    const between = { startTime: at(1).toISOString(), endTime: at(2).toISOString() };
    expect((await list(m, between)).items.map((i) => i.orderId)).toEqual(["order-2", "order-1"]);

    const first = await list(m, { pageSize: 2 });
    const second = await list(m, { pageSize: 2, cursor: first.nextCursor });
    expect(second.items.map((i) => i.orderId)).toEqual(["order-1"]);
    expect(second.total).toBeNull();
    // A cursor made under other filters is refused, never read as this search's page.
    const refused = await call(h, "invoiceList", {
      token: m.token,
      body: { status: "new", cursor: first.nextCursor },
    });
    expect(refused).toMatchObject({ success: false, errCode: errCodes.listCursorInvalid });

    const file = await call(h, "invoiceExport", { token: m.token, body: { appCode: made.shop.appCode } });
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename="invoices-\d{4}-\d{2}-\d{2}-filtered\.csv"$/,
    );
    const listed = await list(m, { appCode: made.shop.appCode });
    // The console asks in English here (its Language header): the list's labels, each invoice as the list reads it.
    expect(file.csv).toEqual(listed.items.map((invoice) => labelledRowOf(invoiceExportTable, invoice, "en-US")));
    const flagged = await call(h, "invoiceExport", { token: m.token, body: { status: "expired" } });
    expect(flagged.csv?.map((row) => [row.Status, row["Status (code)"], row.Flags, row["Flags (code)"]])).toEqual([
      ["Expired", "expired", "Underpaid", "underpaid"],
    ]);
    const overpaidFile = await call(h, "invoiceExport", { token: m.token, body: { flag: "overpaid" } });
    expect(overpaidFile.csv?.map((row) => row["Order ID"])).toEqual(["order-2"]);
  });

  it("tells an invoice's life as a timeline from what is stored (made, each transfer seen, confirmed or taken away, each change of state with its callback) and links a transfer to its chain's explorer where one is configured", async () => {
    const m = await signedInMerchant(h);
    const shop = await seedApplication(h.db, { userId: m.userId, name: "Mug shop" });
    const eth = { chainId: 1, factory: devnet.factory };
    const invoice = await seedInvoice(h.db, {
      userId: m.userId,
      applicationId: shop.applicationId,
      appCode: shop.appCode,
      chains: [devnet, eth],
      orderId: "order-life",
      status: "paid",
      flags: ["overpaid"],
      amountReceived: "30",
    });
    const taken = await seedInvoiceTransfer(h.db, {
      chainId: 31337,
      to: invoice.addresses.get(31337)!,
      amount: "10",
      seenAt: at(1),
      removedAt: at(2),
    });
    const paying = await seedInvoiceTransfer(h.db, {
      chainId: 1,
      to: invoice.addresses.get(1)!,
      amount: "30",
      seenAt: at(3),
      confirmedAt: at(5),
    });
    const transfers = [
      { id: taken.id, chain: "31337", amount: "10", confirmations: 0, required: 2, removed: true, late: false },
      { id: paying.id, chain: "1", amount: "30", confirmations: 12, required: 12, removed: false, late: false },
    ];
    await h.db
      .updateTable("invoices")
      .set({ created_at: at(0), transfers: JSON.stringify(transfers) })
      .where("id", "=", invoice.id)
      .execute();
    const raised = async (type: "invoice.processing" | "invoice.paid", minute: number) =>
      publishEvent(h.db, {
        type,
        merchantId: m.userId,
        applicationId: shop.applicationId,
        target: "recharge",
        subject: { invoiceId: invoice.id },
        data: {
          invoiceId: invoice.publicId,
          orderId: "order-life",
          status: "paid",
          flags: [],
          amount: "25",
          amountReceived: "30",
          excess: "5",
        },
        at: at(minute),
      });
    const processing = await raised("invoice.processing", 1);
    const paid = await raised("invoice.paid", 5);
    await h.db
      .updateTable("callback_deliveries")
      .set({ status: "success", attempts: 1, next_attempt_at: null, finished_at: at(1) })
      .where("event_id", "=", processing)
      .execute();
    await h.db
      .updateTable("callback_deliveries")
      .set({ status: "failed", attempts: 8, next_attempt_at: null, finished_at: at(9) })
      .where("event_id", "=", paid)
      .execute();

    const [shown] = (await list(m, { orderId: "order-life" })).items;
    expect(shown?.transfers).toEqual([
      {
        chain: "Devnet",
        amount: "10",
        confirmations: 0,
        required: 2,
        removed: true,
        late: false,
        txHash: taken.txHash,
        explorerUrl: null,
      },
      {
        chain: "Eth",
        amount: "30",
        confirmations: 12,
        required: 12,
        removed: false,
        late: false,
        txHash: paying.txHash,
        explorerUrl: `https://etherscan.example/tx/${paying.txHash}`,
      },
    ]);
    const lost = { chain: "Devnet", amount: "10", txHash: taken.txHash, late: false };
    const came = { chain: "Eth", amount: "30", txHash: paying.txHash, late: false };
    expect(shown?.timeline).toEqual([
      { at: at(0).toISOString(), kind: "created", transfer: null, callback: null },
      // At the same instant, the transfer before the change it caused.
      { at: at(1).toISOString(), kind: "transferSeen", transfer: lost, callback: null },
      {
        at: at(1).toISOString(),
        kind: "processing",
        transfer: null,
        callback: { eventId: processing, status: "success", attempts: 1 },
      },
      { at: at(2).toISOString(), kind: "transferRemoved", transfer: lost, callback: null },
      { at: at(3).toISOString(), kind: "transferSeen", transfer: came, callback: null },
      { at: at(5).toISOString(), kind: "transferConfirmed", transfer: came, callback: null },
      {
        at: at(5).toISOString(),
        kind: "paid",
        transfer: null,
        callback: { eventId: paid, status: "failed", attempts: 8 },
      },
    ]);
  });

  it("sends an invoice as the list shows it on its live stream whenever its life moves, and only the merchant's own", async () => {
    const m = await signedInMerchant(h);
    const other = await signedInMerchant(h, "other@example.com");
    const shop = await seedApplication(h.db, { userId: m.userId, name: "Mug shop" });
    const theirs = await seedApplication(h.db, { userId: other.userId, name: "Theirs" });
    const mine = await seedInvoice(h.db, { ...appOf(m, shop), chains: [devnet], orderId: "order-live" });
    const notMine = await seedInvoice(h.db, { ...appOf(other, theirs), chains: [devnet], orderId: "their-order" });
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    const address = h.app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const live = await openEventStream(`http://127.0.0.1:${address.port}${invoiceEventsPath}`, {
      authorization: `Bearer ${m.token}`,
    });
    try {
      expect(live.status).toBe(200);
      const cancel = (id: string) =>
        h.db.transaction().execute(async (trx) => {
          const row = await lockInvoice(trx, id);
          await applyInvoiceEvents(trx, row!, [{ type: "invoice.cancel" }], h.clock.now());
        });
      await cancel(notMine.id);
      await cancel(mine.id);
      const [event] = await live.waitForEvents(1);
      expect(event?.event).toBe("invoice");
      const sent = consoleInvoice.parse(JSON.parse(event!.data));
      // The row as the list reads it (its payment link under the origin the stream was asked at): its new status,
      // and the change's step at the end of its timeline.
      const { checkoutUrl: _, ...listed } = (await list(m, { orderId: "order-live" })).items[0]!;
      expect(sent).toMatchObject(listed);
      expect(sent.checkoutUrl).toBe(`http://127.0.0.1:${address.port}/pay/${mine.publicId}`);
      expect(sent).toMatchObject({ orderId: "order-live", status: "cancelled" });
      expect(sent.timeline.map((step) => step.kind)).toEqual(["created", "cancelled"]);
      expect(live.events).toHaveLength(1);
    } finally {
      live.close();
    }
  });
});

describe("Invoice/Create (a payment link)", () => {
  const link = {
    amount: "12.5",
    description: "Two mugs",
    expiresInSeconds: 3600,
    redirectUrl: "https://shop.example.com/thanks",
    requestId: "3f2b8c1e-7d4a-4e2f-9a6b-1c2d3e4f5a6b",
  };
  const create = (m: Merchant, body: Record<string, unknown>) => call(h, "invoiceCreate", { token: m.token, body });
  const invoiceCount = async () => (await h.db.selectFrom("invoices").select("id").execute()).length;

  async function merchantWithApp(email = "shop@example.com") {
    const m = await signedInMerchant(h, email);
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
    return { m, app: await seedApplication(h.db, { userId: m.userId, name: "Mug shop" }) };
  }

  it("makes one invoice of the chosen application, named by the server, answered as the open API answers it and first in the list; the same request again answers the same invoice", async () => {
    const { m, app } = await merchantWithApp();
    const answer = await create(m, { ...link, appCode: app.appCode });
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
    const invoice = openInvoice.parse(answer.resData);
    expect(invoice).toMatchObject({
      orderId: "link-3f2b8c1e7d4a4e2f9a6b1c2d3e4f5a6b",
      status: "new",
      amount: "12.5",
      amountReceived: "0",
      description: "Two mugs",
      redirectUrl: "https://shop.example.com/thanks",
      customerEmail: null,
      metadata: {},
    });
    // Offered on the chain that takes deposits; its page under the origin the console was reached at.
    expect(invoice.addresses.map((a) => a.chain)).toEqual(["Devnet"]);
    expect(invoice.checkoutUrl).toMatch(new RegExp(`^https?://[^/]+/pay/${invoice.invoiceId}$`));
    expect(Date.parse(invoice.expiresAt) - Date.parse(invoice.createdAt)).toBe(3600_000);
    const listed = await list(m);
    expect(listed.items[0]).toMatchObject({ invoiceId: invoice.invoiceId, appCode: app.appCode, appName: "Mug shop" });

    const again = await create(m, { ...link, appCode: app.appCode });
    expect(again.resData).toMatchObject({ invoiceId: invoice.invoiceId });
    expect(await invoiceCount()).toBe(1);
    // Another link is another invoice; an empty description is none.
    const other = await create(m, { ...link, description: "", requestId: crypto.randomUUID(), appCode: app.appCode });
    expect(other.resData).toMatchObject({ description: null, status: "new" });
    expect(await invoiceCount()).toBe(2);
  });

  it("refuses bad input with the field named and stores nothing", async () => {
    const { m, app } = await merchantWithApp();
    for (const bad of [
      { amount: "0" },
      { amount: "0.000" },
      { amount: "1.1234567" },
      { amount: "-1" },
      { amount: "" },
      { expiresInSeconds: 299 },
      { expiresInSeconds: 7 * 24 * 3600 + 1 },
      { redirectUrl: "http://shop.example.com/thanks" },
      { redirectUrl: "https://user:pw@shop.example.com/" },
      { description: "x".repeat(501) },
      { requestId: "not-a-uuid" },
      { appCode: "shop" },
    ]) {
      const answer = await create(m, { ...link, appCode: app.appCode, ...bad });
      expect(answer, JSON.stringify(bad)).toMatchObject({ status: 400, success: false, errCode: errCodes.validation });
    }
    expect(await invoiceCount()).toBe(0);
  });

  it("refuses as the open API does: another merchant's application reads as none, a stopped one, no package", async () => {
    const { app } = await merchantWithApp();
    const other = await signedInMerchant(h, "other@example.com");
    expect(await create(other, { ...link, appCode: app.appCode })).toMatchObject({
      success: false,
      errCode: errCodes.appNotFound,
    });
    const stopped = await seedApplication(h.db, { userId: other.userId, status: "stopped" });
    expect(await create(other, { ...link, appCode: stopped.appCode })).toMatchObject({
      success: false,
      errCode: errCodes.openApiAppStopped,
    });
    // Other has no package: as an open-API call of its application would be.
    const running = await seedApplication(h.db, { userId: other.userId });
    expect(await create(other, { ...link, appCode: running.appCode })).toMatchObject({
      success: false,
      errCode: errCodes.openApiNoPackage,
    });
    expect(await invoiceCount()).toBe(0);
  });
});
