import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { usdtText } from "../../../contracts/money.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import type { ChainListener } from "../../chain/listener.ts";
import { storedTransferOf } from "../../chain/store.ts";
import type { TestChain } from "../../chain/test-chain.ts";
import type { Watcher } from "../../chain/watcher.ts";
import type { DB } from "../../db/schema.ts";
import {
  type InvoiceChain,
  invoiceMerchant,
  invoiceMoneyListener,
  invoiceSettings,
  madeInvoice,
  startInvoiceChain,
} from "../../testing/invoice-chain.ts";
import { seedSession, testServerSecret } from "../../testing/seed.ts";
import { listBills } from "../bills/bills.ts";
import { openApiBill, openApiBills } from "../bills/open-api-bills.ts";
import { listRecharges } from "../bills/recharge-bills.ts";
import { findSession } from "../identity/sessions.ts";
import { balanceText } from "../payments/balance.ts";
import { expireOverdueInvoices } from "./invoice-expiry.ts";
import { cancelInvoice, readInvoice } from "./open-api-invoices.ts";

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * An invoice's life on a real chain (anvil): the real watcher and the server's money listener move it as money
 * arrives, confirms or is taken away by a reorganisation, the expiry sweep on the server's clock ends it, and every
 * change of state is one `invoice.*` event in the outbox, written with the change. The ledger credits each transfer
 * once and the books reconcile with the chain after every case. One anvil and one database serve every case, the
 * tables emptied between them.
 */
let harness: InvoiceChain;
let db: Kysely<DB>;
let chain: TestChain;
let devnet: ConfiguredChain;
/** The server's clock, as the watcher's listeners and the sweep read it. */
let clock: Date;

const chainId = 31337;

beforeAll(async () => {
  harness = await startInvoiceChain();
  ({ db, chain, devnet } = harness);
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});
beforeEach(async () => {
  await harness.reset();
  clock = new Date();
});
afterEach(async () => {
  expect(await harness.booksOff()).toEqual([]);
});

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

/**
 * A merchant with an active package and an application, and an invoice of `amount` USDT for order-1; the server's
 * chains are the devnet alone unless `chains` names more, and the invoice offers `offered` (all without it).
 */
async function invoiceOf(
  amount: string,
  { chains = [devnet], offered }: { chains?: ConfiguredChain[]; offered?: string[] } = {},
) {
  const { caller } = await invoiceMerchant(db);
  const settings = invoiceSettings(chain, chains);
  const body = { orderId: "order-1", amount, ...(offered ? { chains: offered } : {}) };
  const invoice = await madeInvoice(db, caller, body, settings);
  return { caller, settings, invoice, address: invoice.address };
}

function newWatcher(listener: ChainListener = invoiceMoneyListener([devnet], () => clock)): Watcher {
  return harness.watcher({ listener });
}

/**
 * Two confirmations: money seen in the head's block is confirmed by the next one, so a case waits one block; the first
 * case waits two more to show that later blocks change nothing (each block is a tick of the watcher's queries).
 */
const advance = (watcher: Watcher, blocks: number) => harness.advance(watcher, blocks);

const stored = () =>
  db
    .selectFrom("invoices")
    .select(["status", "flags", "amount_received", "paid_at", "expiry_reached_at"])
    .executeTakeFirstOrThrow();

/** The invoice events in the outbox, in order: type, status and flags, amounts. */
async function invoiceEvents() {
  const rows = await db
    .selectFrom("outbox_events")
    .select(["type", "payload", "invoice_id", "event_id"])
    .where("invoice_id", "is not", null)
    .orderBy("id")
    .execute();
  return rows.map((row) => {
    const data = row.payload as { status: string; flags: string[]; amountReceived: string; excess: string };
    return `${row.type} ${data.status} [${data.flags.join(",")}] ${data.amountReceived} +${data.excess}`;
  });
}

/** The server's clock past the invoice's time, and the sweep run. */
async function passExpiry(expiresAt: string) {
  clock = new Date(Date.parse(expiresAt) + 1000);
  return expireOverdueInvoices(db, clock);
}

describe("an invoice's life on the chain", () => {
  it("paid exactly: processing when seen, paid once confirmed, each once; its callback tells the invoice", async () => {
    const { caller, invoice, address } = await invoiceOf("10");
    const watcher = newWatcher();
    await watcher.tick();
    await chain.pay(address, usdt(10));
    await watcher.tick();
    expect(await stored()).toMatchObject({ status: "processing", amount_received: expect.stringMatching(/^0/) });
    await advance(watcher, 1);
    const row = await stored();
    expect(row).toMatchObject({ status: "paid", flags: [] });
    expect(row.paid_at).toBeInstanceOf(Date);
    await advance(watcher, 2);
    expect(await invoiceEvents()).toEqual(["invoice.processing processing [] 0 +0", "invoice.paid paid [] 10 +0"]);
    const [paid] = await db.selectFrom("outbox_events").select("payload").where("type", "=", "invoice.paid").execute();
    expect(paid!.payload).toEqual({
      invoiceId: invoice.invoiceId,
      orderId: "order-1",
      status: "paid",
      flags: [],
      amount: "10",
      amountReceived: "10",
      excess: "0",
    });
    expect(await balanceText(db, caller.scope)).toBe("10");
    await watcher.stop();
  });

  it("two transfers that together make the amount: one processing, one paid", async () => {
    const { caller, address } = await invoiceOf("10");
    const watcher = newWatcher();
    await watcher.tick();
    await chain.pay(address, usdt(4));
    await watcher.tick();
    await chain.pay(address, usdt(6));
    await advance(watcher, 1);
    expect(await stored()).toMatchObject({ status: "paid", flags: [] });
    expect(await invoiceEvents()).toEqual(["invoice.processing processing [] 0 +0", "invoice.paid paid [] 10 +0"]);
    expect(await balanceText(db, caller.scope)).toBe("10");
    await watcher.stop();
  });

  it("overpaid: paid, flagged overpaid with the excess named", async () => {
    const { caller, address } = await invoiceOf("10");
    const watcher = newWatcher();
    await watcher.tick();
    await chain.pay(address, usdt(12));
    await watcher.tick();
    await advance(watcher, 1);
    expect(await stored()).toMatchObject({ status: "paid", flags: ["overpaid"] });
    expect(await invoiceEvents()).toEqual([
      "invoice.processing processing [] 0 +0",
      "invoice.paid paid [overpaid] 12 +2",
    ]);
    expect(await balanceText(db, caller.scope)).toBe("12");
    await watcher.stop();
  });

  it("underpaid: waits in processing for the rest, then at its time ends expired, flagged underpaid, the money kept", async () => {
    const { caller, invoice, address } = await invoiceOf("10");
    const watcher = newWatcher();
    await watcher.tick();
    await chain.pay(address, usdt(4));
    await watcher.tick();
    await advance(watcher, 1);
    expect(await stored()).toMatchObject({ status: "processing", flags: [] });
    // Before its time the sweep finds nothing to do.
    expect(await expireOverdueInvoices(db, clock)).toBe(0);
    expect(await passExpiry(invoice.expiresAt)).toBe(1);
    const row = await stored();
    expect(row).toMatchObject({ status: "expired", flags: ["underpaid"], paid_at: null });
    expect(row.expiry_reached_at).toEqual(clock);
    // Swept again (another instance, the next run): nothing more.
    expect(await expireOverdueInvoices(db, clock)).toBe(0);
    expect(await invoiceEvents()).toEqual([
      "invoice.processing processing [] 0 +0",
      "invoice.expired expired [underpaid] 4 +0",
    ]);
    expect(await balanceText(db, caller.scope)).toBe("4");
    await watcher.stop();
  });

  it("nothing paid in time: expired; money after that is credited and the invoice flagged paidLate, said once", async () => {
    const { caller, invoice, address } = await invoiceOf("10");
    const watcher = newWatcher();
    await watcher.tick();
    expect(await passExpiry(invoice.expiresAt)).toBe(1);
    expect(await stored()).toMatchObject({ status: "expired", flags: [] });
    await chain.pay(address, usdt(10));
    await watcher.tick();
    await chain.pay(address, usdt(1));
    await watcher.tick();
    await advance(watcher, 1);
    // Confirmed money past the amount is overpaid whenever it came.
    expect(await stored()).toMatchObject({ status: "expired", flags: ["overpaid", "paidLate"] });
    // Told once the late money is credited, with what was received.
    expect(await invoiceEvents()).toEqual([
      "invoice.expired expired [] 0 +0",
      "invoice.expired expired [paidLate] 10 +0",
    ]);
    expect((await stored()).amount_received).toMatch(/^11(\.0*)?$/);
    expect(await balanceText(db, caller.scope)).toBe("11");
    await watcher.stop();
  });

  it("paid after its time before the sweep ran: the server's clock makes it late all the same", async () => {
    const { invoice, address } = await invoiceOf("10");
    const watcher = newWatcher();
    await watcher.tick();
    clock = new Date(Date.parse(invoice.expiresAt) + 1000);
    await chain.pay(address, usdt(10));
    await watcher.tick();
    await advance(watcher, 1);
    expect(await stored()).toMatchObject({ status: "expired", flags: ["paidLate"] });
    expect(await expireOverdueInvoices(db, clock)).toBe(0);
    expect(await invoiceEvents()).toEqual([
      "invoice.expired expired [] 0 +0",
      "invoice.expired expired [paidLate] 10 +0",
    ]);
    await watcher.stop();
  });

  it("a transfer taken away by a reorganisation: back to new, seen again in another block, paid once", async () => {
    const { caller, address } = await invoiceOf("10");
    const payer = await chain.payer();
    const watcher = newWatcher();
    await watcher.tick();
    const raw = await chain.signedPayment(payer, address, usdt(10));
    await chain.sendRaw(raw);
    await watcher.tick();
    expect(await stored()).toMatchObject({ status: "processing" });
    await chain.test.request({ method: "anvil_reorg", params: [1, []] } as never);
    await watcher.tick();
    expect(await stored()).toMatchObject({ status: "new", flags: [] });
    await chain.sendRaw(raw);
    await watcher.tick();
    await advance(watcher, 1);
    expect(await stored()).toMatchObject({ status: "paid", flags: [] });
    expect(await invoiceEvents()).toEqual([
      "invoice.processing processing [] 0 +0",
      "invoice.processing processing [] 0 +0",
      "invoice.paid paid [] 10 +0",
    ]);
    expect(await balanceText(db, caller.scope)).toBe("10");
    await watcher.stop();
  });

  it("first seen already past its confirmations (after a downtime): paid only once the watcher confirms it and the ledger credits it, one event per change", async () => {
    const { caller, address } = await invoiceOf("10");
    // What the sighting leaves, read in the watcher's transaction: its block's hash is checked (and the money
    // credited) only by the confirmation that follows, so the sighting must not pay the invoice.
    const money = invoiceMoneyListener([devnet], () => clock);
    const atSighting: string[] = [];
    const watcher = newWatcher({
      ...money,
      async onTransferSeen(trx, t) {
        await money.onTransferSeen!(trx, t);
        const row = await trx.selectFrom("invoices").select(["status", "amount_received"]).executeTakeFirstOrThrow();
        atSighting.push(`${row.status} ${usdtText(row.amount_received)}`);
      },
    });
    await watcher.tick();
    await chain.pay(address, usdt(10));
    await chain.mine(3);
    await watcher.tick();
    expect(atSighting).toEqual(["processing 0"]);
    expect(await stored()).toMatchObject({ status: "paid", flags: [] });
    await advance(watcher, 2);
    expect(await invoiceEvents()).toEqual(["invoice.processing processing [] 0 +0", "invoice.paid paid [] 10 +0"]);
    expect(await balanceText(db, caller.scope)).toBe("10");
    await watcher.stop();
  });

  it("paid on a configured chain it did not offer: watched there all the same, credited, flagged otherChain, never shown", async () => {
    // Another configured chain with the same factory: the invoice's CREATE2 address is the same on both.
    const other: ConfiguredChain = { ...devnet, product: "Other", chainId: 31338, rpcUrl: "http://127.0.0.1:9" };
    const { caller, settings, invoice, address } = await invoiceOf("10", {
      chains: [devnet, other],
      offered: ["Other"],
    });
    expect(invoice.addresses.map((a) => [a.chain, a.address])).toEqual([["Other", address]]);
    const watcher = newWatcher();
    await watcher.tick();
    await chain.pay(address, usdt(10));
    await watcher.tick();
    await advance(watcher, 1);
    expect(await stored()).toMatchObject({ status: "paid", flags: ["otherChain"] });
    expect(await invoiceEvents()).toEqual([
      "invoice.processing processing [otherChain] 0 +0",
      "invoice.paid paid [otherChain] 10 +0",
    ]);
    expect(await balanceText(db, caller.scope)).toBe("10");
    const read = await readInvoice(db, caller, invoice.invoiceId, settings);
    expect(read).toMatchObject({ ok: true, data: { flags: ["otherChain"] } });
    expect(read.ok && read.data.addresses.map((a) => a.chain)).toEqual(["Other"]);
    await watcher.stop();
  });

  it("counts each transfer once whatever is heard again: a restarted watcher, a second instance's replay of the calls", async () => {
    const { caller, address } = await invoiceOf("10");
    const first = newWatcher();
    await first.tick();
    const paid = await chain.pay(address, usdt(10));
    await first.tick();
    await first.stop();
    const restarted = newWatcher();
    await advance(restarted, 1);
    const t = await storedTransferOf(db, chainId, paid.hash);
    const listener = invoiceMoneyListener([devnet], () => clock);
    for (let i = 0; i < 2; i++)
      await db.transaction().execute(async (trx) => {
        await listener.onTransferSeen!(trx, t);
        await listener.onTransferConfirmed!(trx, t);
      });
    expect(await stored()).toMatchObject({ status: "paid", flags: [] });
    expect((await stored()).amount_received).toMatch(/^10(\.0*)?$/);
    expect(await invoiceEvents()).toEqual(["invoice.processing processing [] 0 +0", "invoice.paid paid [] 10 +0"]);
    expect(await balanceText(db, caller.scope)).toBe("10");
    await restarted.stop();
  });

  it("a cancel raises invoice.cancelled once; money after it is credited and flagged paidLate", async () => {
    const { caller, settings, invoice, address } = await invoiceOf("10");
    const cancelled = await cancelInvoice(db, caller, invoice.invoiceId, { ...settings, now: clock });
    expect(cancelled).toMatchObject({ ok: true, data: { status: "cancelled" } });
    expect(await cancelInvoice(db, caller, invoice.invoiceId, { ...settings, now: clock })).toMatchObject({ ok: true });
    const watcher = newWatcher();
    await watcher.tick();
    await chain.pay(address, usdt(3));
    await watcher.tick();
    await advance(watcher, 1);
    expect(await stored()).toMatchObject({ status: "cancelled", flags: ["paidLate"] });
    expect(await invoiceEvents()).toEqual([
      "invoice.cancelled cancelled [] 0 +0",
      "invoice.cancelled cancelled [paidLate] 3 +0",
    ]);
    expect(await balanceText(db, caller.scope)).toBe("3");
    await watcher.stop();
  });
});

/**
 * An invoice's address is a deposit address of its application: on a real chain (anvil), the real watcher and the
 * server's money listener credit what is paid there to the merchant's balance, once, and the books reconcile with the
 * chain. The invoice's own status is its life's (not moved here); a cancel is refused once a payment is seen. The
 * merchant's system hears of that money through the invoice's events only: no `deposit.credited`, and the open API's
 * bills (an application's end users' deposits) leave it out; the console's Application bills keep it, with its sweep.
 */
describe("money paid to an invoice's address", () => {
  it("is seen as a bill of the application and credited to the merchant's balance once; the invoice can no longer be cancelled", async () => {
    const { userId, app, caller } = await invoiceMerchant(db);
    const settings = invoiceSettings(chain, [devnet]);
    const made = await madeInvoice(db, caller, { orderId: "order-1", amount: "12.5" }, settings);

    const watcher = harness.watcher();
    await watcher.tick();
    await chain.pay(made.address, 12_500_000n);
    await watcher.tick();
    const bills = () => db.selectFrom("application_bills").selectAll().execute();
    expect(await bills()).toMatchObject([{ application_id: app.applicationId, status: "confirming" }]);
    const refused = await cancelInvoice(db, caller, made.invoiceId, { ...settings, now: new Date() });
    expect(refused).toMatchObject({ ok: false, code: errCodes.invoiceNotCancellable });

    await advance(watcher, 1);
    expect(await bills()).toMatchObject([{ status: "credited" }]);
    expect(await balanceText(db, caller.scope)).toBe("12.5");

    const events = await db.selectFrom("outbox_events").select("type").where("merchant_id", "=", userId).execute();
    expect(events.map((e) => e.type)).not.toContain("deposit.credited");
    const context = { currencies: currencyRegistry([devnet]), secret: testServerSecret };
    expect(await openApiBills(db, caller, {}, context)).toMatchObject({ ok: true, data: { items: [] } });
    const { bill_no: billNo } = await db.selectFrom("application_bills").select("bill_no").executeTakeFirstOrThrow();
    expect(await openApiBill(db, caller, billNo, context.currencies)).toMatchObject({ ok: false });
    await seedSession(db, { userId, token: "invoice-shop" });
    const session = await findSession(db, "Bearer invoice-shop", new Date(), { idleSeconds: 60, absoluteSeconds: 60 });
    if (!session) throw new Error("no session");
    expect(await listBills(db, session.scope, {}, context)).toMatchObject({
      ok: true,
      data: { items: [{ billNo, endUserId: `invoice ${made.invoiceId}`, status: "credited" }] },
    });
    expect(await listRecharges(db, session.scope, {}, context)).toMatchObject({ ok: true, data: { items: [] } });
    await watcher.stop();
  });
});
