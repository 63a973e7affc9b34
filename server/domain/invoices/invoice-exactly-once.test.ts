import { sql } from "kysely";
import { encodeFunctionData, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addAmounts, formatAmount } from "../../../contracts/money.ts";
import { callbackPayload } from "../../../contracts/schemas/callbacks.ts";
import { erc20Abi } from "../../chain/token-abi.ts";
import type { Watcher } from "../../chain/watcher.ts";
import { type CallbackReceiver, startCallbackReceiver } from "../../testing/callback-receiver.ts";
import {
  type InvoiceChain,
  invoiceMerchant,
  invoiceSettings,
  madeInvoice,
  startInvoiceChain,
} from "../../testing/invoice-chain.ts";
import { testServerSecret } from "../../testing/seed.ts";
import { balanceText } from "../payments/balance.ts";
import { type CallbackDeliveries, startCallbackDeliveries } from "../callbacks/callback-deliveries.ts";

// Runs on PGlite and on PostgreSQL: two instances' watchers take PGlite's one connection in turn where PostgreSQL's pool
// runs their transactions side by side, and each change's NOTIFY reaches the delivery engines through each engine's own
// LISTEN (scripts/database-tests.ts).

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * 200 invoices of two merchants (40 on PGlite, below), created at once through two instances (A and B, each with its own watcher and, on
 * PostgreSQL, its own callback delivery engine; a PGlite database belongs to one process, so there B shares A's), paid
 * exactly in two blocks of transfers on anvil. A watches the first block and stops (a clean stop hands its lease
 * over); B sees the second and confirms both. Then each invoice is paid once, each `invoice.paid` event is written
 * once and reaches the merchant's receiver once, telling its invoice (the callback payload's shape, its order, amount and
 * what was received), and the books balance: each merchant's balance is what its invoices asked, the ledger holds, and
 * reconcile agrees with the chain. What every delivery does whatever its event (signing, a retry with the same id and
 * body, a manual redelivery) is the delivery engine's (delivery-engine.test.ts); an invoice's attempts in the callbacks
 * log are server/routes/callbacks.test.ts's.
 *
 * On PGlite 40 invoices, two blocks of 20: the paths PGlite takes on its own (the watchers' turns on its one
 * connection, its LISTEN) are the same for 40 as for 200; PostgreSQL's run keeps 200, where the pool runs the
 * transactions side by side and more of them meet.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const invoices = onPostgres ? 200 : 40;
const perBlock = invoices / 2;

let harness: InvoiceChain;
let receiver: CallbackReceiver;
const engines: CallbackDeliveries[] = [];

beforeAll(async () => {
  [harness, receiver] = await Promise.all([startInvoiceChain(), startCallbackReceiver()]);
  const { database } = harness;
  for (let i = 0; i < (onPostgres ? 2 : 1); i++)
    engines.push(
      await startCallbackDeliveries({
        db: database.db,
        engine: database.engine!,
        listen: database.listen,
        secret: testServerSecret,
        targets: { allowPrivate: true, resolve: async () => ["127.0.0.1"] },
        clock: () => new Date(),
        // An attempt's timer runs on this process's event loop, which PGlite's work for a block of 100 transfers
        // holds for seconds on a busy machine: a receiver that answered in time would be counted as timed out.
        timeoutMs: 60_000,
      }),
    );
}, 60_000);
afterAll(async () => {
  for (const engine of engines) await engine.stop();
  await Promise.all([harness?.stop(), receiver?.stop()]);
});

const unitsOf = (i: number) => 1_000_000n + BigInt(i) * 10_001n;
const amountOf = (i: number) => formatAmount(unitsOf(i), 6);

describe("invoices created and paid at once across two instances", () => {
  it("each is paid once, each invoice.paid callback arrives once, the books balance", {
    timeout: 120_000,
  }, async () => {
    const { db, chain, devnet } = harness;
    const started = Date.now();
    const shops = [
      await invoiceMerchant(db, { email: "a@example.com", callbackUrl: receiver.urlFor("/a") }),
      await invoiceMerchant(db, { email: "b@example.com", callbackUrl: receiver.urlFor("/b") }),
    ];
    const settings = invoiceSettings(chain, [devnet]);
    const made = await Promise.all(
      Array.from({ length: invoices }, (_, i) =>
        madeInvoice(db, shops[i % 2]!.caller, { orderId: `order-${i}`, amount: amountOf(i) }, settings),
      ),
    );
    expect(new Set(made.map((m) => m.address)).size).toBe(invoices);

    const timings = [`created ${Date.now() - started} ms`];
    const [a, b] = [harness.watcher({ holder: "A", leaseMs: 400 }), harness.watcher({ holder: "B", leaseMs: 400 })] as [
      Watcher,
      Watcher,
    ];
    await Promise.all([a.tick(), b.tick()]);
    // Signed here with consecutive nonces and sent side by side: the node's pool holds a block's transfers until it is mined.
    const customer = await chain.payer();
    let nonce = await chain.clients.public.getTransactionCount({ address: customer.address, blockTag: "pending" });
    const gasPrice = 2n * (await chain.clients.public.getGasPrice());
    const transfer = (i: number) =>
      customer.signTransaction({
        chainId: devnet.chainId,
        type: "legacy",
        nonce: nonce++,
        gas: 100_000n,
        gasPrice,
        to: chain.token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [made[i]!.address, unitsOf(i)] }),
      });
    await chain.test.setAutomine(false);
    try {
      for (let from = 0; from < invoices; from += perBlock) {
        const signed: Hex[] = [];
        for (let i = from; i < from + perBlock; i++) signed.push((await transfer(i)) as Hex);
        const hashes = await Promise.all(
          signed.map((raw) => chain.clients.public.sendRawTransaction({ serializedTransaction: raw })),
        );
        await chain.mine(1);
        const receipts = await Promise.all(hashes.map((hash) => chain.clients.public.getTransactionReceipt({ hash })));
        expect(receipts.every((r) => r.status === "success")).toBe(true);
        if (from === 0) {
          await Promise.all([a.tick(), b.tick()]);
          await a.stop();
        }
      }
    } finally {
      await chain.test.setAutomine(true);
    }
    timings.push(`paid ${Date.now() - started} ms`);
    await harness.advance(b, devnet.confirmations + 1);
    timings.push(`confirmed ${Date.now() - started} ms`);

    const stored = await db
      .selectFrom("invoices")
      .select(["public_id", "status", "flags", "amount_received"])
      .execute();
    expect(stored).toHaveLength(invoices);
    expect(stored.filter((row) => row.status !== "paid" || row.flags.length > 0)).toEqual([]);
    const perInvoice = await sql<{ type: string; n: number; invoices: number }>`
      select type, count(*)::int as n, count(distinct invoice_id)::int as invoices
        from outbox_events where invoice_id is not null group by type order by type`.execute(db);
    expect(perInvoice.rows).toEqual([
      { type: "invoice.paid", n: invoices, invoices },
      { type: "invoice.processing", n: invoices, invoices },
    ]);

    await receiver.waitFor(2 * invoices, 60_000);
    const deliveries = await vi.waitFor(
      async () => {
        const rows = await db
          .selectFrom("callback_deliveries")
          .select(["event_id", "event_type", "status", "attempts"])
          .where("invoice_id", "is not", null)
          .execute();
        expect(rows).toHaveLength(2 * invoices);
        expect(rows.filter((row) => row.status !== "success" || row.attempts !== 1)).toEqual([]);
        return rows;
      },
      { timeout: 30_000, interval: 200 },
    );
    timings.push(`delivered ${Date.now() - started} ms`);
    process.stdout.write(`invoice-exactly-once: ${timings.join(", ")}\n`);
    expect(receiver.received).toHaveLength(2 * invoices);
    const paid = deliveries.filter((row) => row.event_type === "invoice.paid");
    expect(paid).toHaveLength(invoices);
    for (const row of paid) expect(receiver.byEventId(row.event_id)).toHaveLength(1);
    // Each invoice.paid body tells its invoice, and a shop hears only of its own invoices.
    const indexOf = new Map(made.map((m, i) => [m.invoiceId, i]));
    for (const { path, body } of receiver.received) {
      const event = callbackPayload.parse(JSON.parse(body.toString()));
      if (event.type !== "invoice.paid") continue;
      const i = indexOf.get((event.data as { invoiceId: string }).invoiceId)!;
      expect(path).toBe(i % 2 === 0 ? "/a" : "/b");
      expect(event.data).toEqual({
        invoiceId: made[i]!.invoiceId,
        orderId: `order-${i}`,
        status: "paid",
        flags: [],
        amount: amountOf(i),
        amountReceived: amountOf(i),
        excess: "0",
      });
    }

    for (const [n, shop] of shops.entries()) {
      const asked = made.map((_, i) => i).filter((i) => i % 2 === n);
      expect(await balanceText(db, shop.caller.scope)).toBe(addAmounts(...asked.map(amountOf)));
    }
    expect(await harness.booksOff()).toEqual([]);
    await b.stop();
  });
});
