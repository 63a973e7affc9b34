import type { Address } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InvoiceTransfer } from "../../contracts/machines/invoice-transfers.ts";
import { type CheckoutView, checkoutEventsPath, checkoutView } from "../../contracts/schemas/checkout.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { expireOverdueInvoices } from "../domain/invoices/invoice-expiry.ts";
import { applyInvoiceEvents, lockInvoice } from "../domain/invoices/invoice-life-store.ts";
import { openEventStream, type OpenedEventStream } from "../testing/event-stream.ts";
import { call, createHarness, type Harness, signedInMerchant, reset } from "../testing/harness.ts";
import { seedApplication, seedInvoice, type SeedInvoiceInput } from "../testing/seed.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

/**
 * The hosted checkout page's view of an invoice and its live stream: public, read by the invoice's public id alone,
 * built from the stored row (status, money, confirmations, links) and sent again after every change of the invoice.
 */
const devnetFactory = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const bscFactory = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Address;
const devnet = configuredChain("Devnet", 31337, { depositFactory: devnetFactory });
const bsc = configuredChain("Bsc", 56, { depositFactory: bscFactory });
const streamsPerInvoice = 2;

let h: Harness;
let base: string;
const open: OpenedEventStream[] = [];
beforeAll(async () => {
  h = await createHarness({ chain: stubChainLayer([devnet, bsc]), liveStreams: { streamsPerInvoice } });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const address = h.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => h?.close());
beforeEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await reset(h);
});

async function shop() {
  const m = await signedInMerchant(h, "shop@example.com");
  const app = await seedApplication(h.db, { userId: m.userId, name: "Mug Shop" });
  return { ...m, app };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const invoiceOf = (s: Shop, input: Partial<SeedInvoiceInput> = {}) =>
  seedInvoice(h.db, {
    userId: s.userId,
    applicationId: s.app.applicationId,
    appCode: s.app.appCode,
    chains: [
      { chainId: 31337, factory: devnetFactory },
      { chainId: 56, factory: bscFactory },
    ],
    ...input,
  });

async function view(invoiceId: string): Promise<CheckoutView> {
  const answer = await call(h, "checkoutView", { query: { invoiceId } });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
  return checkoutView.parse(answer.resData);
}

const transfer = (id: string, amount: string, confirmations: number, more: Partial<InvoiceTransfer> = {}) => ({
  id,
  chain: "31337",
  amount,
  confirmations,
  required: 2,
  removed: false,
  late: false,
  ...more,
});

const usdt = (chain: typeof devnet) => chain.tokens[0]!.address;
const uri = (chain: typeof devnet, address: string, units: string) =>
  `ethereum:${usdt(chain)}@${chain.chainId}/transfer?address=${address}&uint256=${units}`;

describe("GET /api/Checkout/View", () => {
  it("shows a new invoice to anyone holding its id: the shop, the amount, each chain's address and payment URI, nothing private", async () => {
    const s = await shop();
    h.clock.freeze();
    const made = await invoiceOf(s, { amount: "25", orderId: "order-secret-7", metadata: { cart: "secret-cart" } });
    const shown = await view(made.publicId);
    const devnetAddress = made.addresses.get(31337)!;
    const bscAddress = made.addresses.get(56)!;
    expect(shown).toEqual({
      invoiceId: made.publicId,
      status: "new",
      flags: [],
      currency: "USDT",
      amount: "25",
      amountReceived: "0",
      amountSent: "0",
      amountDue: "25",
      amountExcess: "0",
      description: "Two mugs",
      merchant: { name: "Mug Shop", site: "https://shop.example.com" },
      returnUrl: `https://shop.example.com/thanks?invoiceId=${made.publicId}&status=new`,
      options: [
        {
          chain: "Bsc",
          chainName: "BNB Chain",
          chainId: 56,
          token: usdt(bsc),
          decimals: 6,
          address: bscAddress,
          paymentUri: uri(bsc, bscAddress, "25000000"),
        },
        {
          chain: "Devnet",
          chainName: "Devnet",
          chainId: 31337,
          token: usdt(devnet),
          decimals: 6,
          address: devnetAddress,
          paymentUri: uri(devnet, devnetAddress, "25000000"),
        },
      ],
      confirmations: null,
      expiresAt: (
        await h.db.selectFrom("invoices").select("expires_at").executeTakeFirstOrThrow()
      ).expires_at.toISOString(),
      serverTime: h.clock.now().toISOString(),
    });
    // Neither the order, the metadata, the customer's e-mail nor the merchant is in the answer.
    const text = JSON.stringify(shown);
    for (const secret of ["order-secret-7", "secret-cart", "buyer@example.com", s.userId, s.app.appCode, "metadata"])
      expect(text).not.toContain(secret);
  });

  it("puts exactly the amount due in base units into the payment URI, never through a float", async () => {
    const s = await shop();
    for (const [amount, units] of [
      ["12.345678", "12345678"],
      ["0.000001", "1"],
      ["1000000.1", "1000000100000"],
    ] as const) {
      const made = await invoiceOf(s, { amount, chains: [{ chainId: 31337, factory: devnetFactory }] });
      const [option] = (await view(made.publicId)).options;
      expect(option!.paymentUri).toBe(uri(devnet, made.addresses.get(31337)!, units));
    }
  });

  it("counts a processing invoice's money sent and asks for the rest; its confirmations are the transfer furthest from its count", async () => {
    const s = await shop();
    const made = await invoiceOf(s, {
      amount: "25",
      status: "processing",
      amountReceived: "10",
      transfers: [
        transfer("t1", "10", 2),
        transfer("t2", "5.5", 1),
        transfer("t3", "4", 0, { chain: "56", required: 3 }),
        transfer("t4", "7", 0, { removed: true }),
      ],
    });
    const shown = await view(made.publicId);
    expect(shown).toMatchObject({
      status: "processing",
      amountReceived: "10",
      amountSent: "19.5",
      amountDue: "5.5",
      amountExcess: "0",
      confirmations: { seen: 0, needed: 3, chain: "Bsc" },
      returnUrl: `https://shop.example.com/thanks?invoiceId=${made.publicId}&status=processing`,
    });
    expect(shown.options.map((o) => o.paymentUri)).toEqual([
      uri(bsc, made.addresses.get(56)!, "5500000"),
      uri(devnet, made.addresses.get(31337)!, "5500000"),
    ]);
  });

  it("shows paid, overpaid, underpaid-expired and cancelled invoices as they ended, their URIs for the whole amount", async () => {
    const s = await shop();
    const cases: Array<[Partial<SeedInvoiceInput>, Partial<CheckoutView>]> = [
      [
        { status: "paid", amountReceived: "25", transfers: [transfer("p1", "25", 2)] },
        { status: "paid", flags: [], amountReceived: "25", amountSent: "25", amountDue: "0", amountExcess: "0" },
      ],
      [
        { status: "paid", flags: ["overpaid"], amountReceived: "31.25", transfers: [transfer("o1", "31.25", 2)] },
        { status: "paid", flags: ["overpaid"], amountSent: "31.25", amountDue: "0", amountExcess: "6.25" },
      ],
      [
        {
          status: "expired",
          flags: ["underpaid"],
          amountReceived: "10",
          transfers: [transfer("u1", "10", 2)],
          expiresAt: new Date(Date.now() - 60_000),
          expiryReached: true,
        },
        { status: "expired", flags: ["underpaid"], amountReceived: "10", amountSent: "10", amountDue: "0" },
      ],
      [{ status: "cancelled" }, { status: "cancelled", amountReceived: "0", amountDue: "0", confirmations: null }],
    ];
    for (const [input, expected] of cases) {
      const made = await invoiceOf(s, { amount: "25", chains: [{ chainId: 31337, factory: devnetFactory }], ...input });
      const shown = await view(made.publicId);
      expect(shown, String(input.status)).toMatchObject({ ...expected, confirmations: null });
      expect(shown.returnUrl).toBe(
        `https://shop.example.com/thanks?invoiceId=${made.publicId}&status=${expected.status}`,
      );
      expect(shown.options[0]!.paymentUri).toBe(uri(devnet, made.addresses.get(31337)!, "25000000"));
    }
  });

  it("keeps the shop's own query in the return URL as written, replacing only its invoiceId and status", async () => {
    const s = await shop();
    const made = await invoiceOf(s, { redirectUrl: "https://shop.example.com/done?cart=a%20b&x=1+2&status=old#top" });
    expect((await view(made.publicId)).returnUrl).toBe(
      `https://shop.example.com/done?cart=a%20b&x=1+2&invoiceId=${made.publicId}&status=new#top`,
    );
    const none = await invoiceOf(s, { redirectUrl: null, description: null });
    expect(await view(none.publicId)).toMatchObject({ returnUrl: null, description: null });
  });

  it("offers only chains still configured", async () => {
    const s = await shop();
    const made = await invoiceOf(s, {
      chains: [
        { chainId: 31337, factory: devnetFactory },
        { chainId: 1, factory: bscFactory },
      ],
    });
    expect((await view(made.publicId)).options.map((o) => o.chain)).toEqual(["Devnet"]);
  });

  it("refuses an id no invoice has with 2920, and a malformed one as bad input, saying no more", async () => {
    const s = await shop();
    await invoiceOf(s);
    const unknown = await call(h, "checkoutView", { query: { invoiceId: "A".repeat(22) } });
    expect(unknown).toMatchObject({ status: 200, success: false, errCode: errCodes.checkoutNotFound, resData: null });
    expect(unknown.errMsg).toBe("No payment page of this id");
    const malformed = await call(h, "checkoutView", { query: { invoiceId: "short" } });
    expect(malformed).toMatchObject({ status: 400, errCode: "1001" });
  });
});

const stream = async (invoiceId: string) => {
  const opened = await openEventStream(`${base}${checkoutEventsPath}?invoiceId=${encodeURIComponent(invoiceId)}`, {
    language: "en-US",
  });
  open.push(opened);
  return opened;
};

const viewOf = (event: { event?: string; data: string }) => {
  expect(event.event).toBe("checkout");
  return checkoutView.parse(JSON.parse(event.data));
};

describe(`GET ${checkoutEventsPath}`, () => {
  it("sends the view at once without a session, then again after each change of the invoice, and only of it", async () => {
    const s = await shop();
    const made = await invoiceOf(s, { amount: "25", expiresAt: new Date(Date.now() + 60_000) });
    await invoiceOf(s, { expiresAt: new Date(Date.now() - 1_000) });
    const live = await stream(made.publicId);
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const [first] = await live.waitForEvents(1);
    expect({ ...viewOf(first!), serverTime: "" }).toEqual({ ...(await view(made.publicId)), serverTime: "" });

    // A transfer seen, as the chain's watcher tells the invoice's life.
    await h.db.transaction().execute(async (trx) => {
      const row = await lockInvoice(trx, made.id);
      const seen = { id: "tx-1", chain: "31337", amount: "10", confirmations: 1, required: 2 };
      await applyInvoiceEvents(trx, row!, [{ type: "transfer.seen", transfer: seen }], new Date());
    });
    const [, second] = await live.waitForEvents(2);
    expect(viewOf(second!)).toMatchObject({
      status: "processing",
      amountSent: "10",
      amountDue: "15",
      confirmations: { seen: 1, needed: 2, chain: "Devnet" },
    });

    // The other invoice's expiry is no change of this one; this one's is.
    expect(await expireOverdueInvoices(h.db, new Date())).toBe(1);
    await expect(live.waitForEvents(3, 300)).rejects.toThrow("2 of 3 events");
    expect(await expireOverdueInvoices(h.db, new Date(Date.now() + 120_000))).toBe(1);
    const [, , third] = await live.waitForEvents(3);
    // Money still confirming that could not pay it in full: its time is over, nothing more is due.
    expect(viewOf(third!)).toMatchObject({ invoiceId: made.publicId, status: "expired", amountDue: "0" });
  });

  it("refuses an unknown id (2920) before any stream starts, and bounds the streams of one invoice", async () => {
    const s = await shop();
    const unknown = await stream("B".repeat(22));
    expect(unknown.json).toMatchObject({ success: false, errCode: errCodes.checkoutNotFound });
    const made = await invoiceOf(s);
    for (let i = 0; i < streamsPerInvoice; i++) expect((await stream(made.publicId)).status).toBe(200);
    const over = await stream(made.publicId);
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ success: false, errCode: errCodes.rateLimited });
    // Another invoice's page has its own places.
    expect((await stream((await invoiceOf(s)).publicId)).status).toBe(200);
  });
});
