import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { balanceText, restoreTransfer, reverseTransfer } from "../domain/payments/balance.ts";
import { ledgerViolations, reconcile } from "../domain/payments/reconcile.ts";
import { createTestDatabaseUpTo } from "../testing/test-database.ts";
import { migrateToLatest } from "./migrations.ts";
import type { OpenedDatabase } from "./open-database.ts";
import type { DB } from "./schema.ts";

/**
 * Migration 0012 on a database of the schema before it (0011): balance lines of every kind, order payments on chain and from
 * the balance, a closed order's partial payment, a transfer after its order closed, reorganisations taking back a
 * credit, a paid order's transfer removed and restored, a balance today's code left negative, an open order's partial
 * payment. After it, each merchant has the balance their old lines summed to (a negative one 0), the ledger holds
 * every invariant, and it reconciles with the chain. Runs on PGlite and on PostgreSQL.
 */
let database: OpenedDatabase;
// biome-ignore lint/suspicious/noExplicitAny: the schema before the ledger (0011), not the current one
let old: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabaseUpTo("0011_google_link_tickets_sealed_mail");
  old = database.db;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const token = "0x1111111111111111111111111111111111111111";
let nextTransfer = 0;
let nextOrder = 0;

async function merchant(email: string, addressIndex: number): Promise<{ id: string; address: string }> {
  const { rows } = await sql<{
    id: string;
  }>`insert into merchants (email, password_hash) values (${email}, 'x') returning id`.execute(old);
  const id = rows[0]!.id;
  const address = `0x${String(addressIndex).padStart(40, "a")}`;
  await sql`insert into receiving_addresses (address_index, address, merchant_id) values (${addressIndex}, ${address}, ${id})`.execute(
    old,
  );
  return { id, address };
}

/** A transfer of `usdt` whole USDT (6 decimals), confirmed unless said otherwise. */
async function transfer(to: string, usdt: number, status = "confirmed"): Promise<string> {
  nextTransfer += 1;
  const { rows } = await sql<{ id: string }>`
      insert into chain_transfers (chain_id, tx_hash, log_index, block_number, block_hash, token, from_address,
        to_address, amount, status, confirmations)
      values (31337, ${`0x${String(nextTransfer).padStart(64, "0")}`}, 0, ${nextTransfer}, '0xb', ${token}, '0xf',
        ${to}, ${String(BigInt(usdt) * 1_000_000n)}, ${status}, 3)
      returning id`.execute(old);
  return rows[0]!.id;
}

async function order(
  merchantId: string,
  status: string,
  extra: { payType?: string; fromBalance?: string } = {},
): Promise<string> {
  const open = status === "pending" || status === "waiting";
  const { rows } = await sql<{ id: string }>`
      insert into orders (order_code, merchant_id, package_id, amount, status, upgrade, expires_at, paid_at, pay_type,
        closed_at, from_balance)
      values (${String(20260000000 + ++nextOrder)}, ${merchantId},
        (select id from packages where code = 'basic'), 29, ${status}, 'new', now() + interval '30 minutes',
        ${status === "paid" ? new Date() : null}, ${status === "paid" ? (extra.payType ?? "chain") : null},
        ${open ? null : new Date()}, ${extra.fromBalance ?? "0"})
      returning id`.execute(old);
  return rows[0]!.id;
}

async function link(transferId: string, orderId: string, merchantId: string, usdt: number, toBalance = false) {
  await sql`insert into order_transfers (transfer_id, order_id, merchant_id, product, amount, required, counted, to_balance)
      values (${transferId}, ${orderId}, ${merchantId}, 'Devnet', ${usdt}, 3, ${!toBalance}, ${toBalance})`.execute(
    old,
  );
}

async function line(
  merchantId: string,
  kind: string,
  amount: string,
  refs: { transferId?: string; orderId?: string; epoch?: number },
) {
  await sql`insert into balance_entries (merchant_id, kind, amount, order_id, transfer_id, epoch)
      values (${merchantId}, ${kind}, ${amount}, ${refs.orderId ?? null}, ${refs.transferId ?? null}, ${refs.epoch ?? 0})`.execute(
    old,
  );
}

const tests = systemScope("test");

describe("migration 0012: today's balance and order payments onto the ledger", () => {
  it("keeps every merchant's balance, with each old line a journal of its cause, and the ledger whole", async () => {
    // A: paid on chain with an excess, a late transfer, a balance credit that paid an order, an open order's partial.
    const a = await merchant("a@example.com", 1);
    const o1 = await order(a.id, "paid");
    const t1 = await transfer(a.address, 30);
    await link(t1, o1, a.id, 30);
    await line(a.id, "excess", "1", { transferId: t1, orderId: o1 });
    const t2 = await transfer(a.address, 5);
    await line(a.id, "late", "5", { transferId: t2, orderId: o1 });
    const t3 = await transfer(a.address, 40);
    await line(a.id, "unmatched", "40", { transferId: t3 });
    const o2 = await order(a.id, "paid", { payType: "balance", fromBalance: "29" });
    await line(a.id, "orderPayment", "-29", { orderId: o2 });
    const o6 = await order(a.id, "waiting");
    const t10 = await transfer(a.address, 20);
    await link(t10, o6, a.id, 20);
    // B: a failed order's partial payment, a transfer after it closed, an unmatched credit taken back, a paid order's
    // transfer removed (its excess taken back) and mined again (the excess restored).
    const b = await merchant("b@example.com", 2);
    const o3 = await order(b.id, "failed");
    const t4 = await transfer(b.address, 10);
    await link(t4, o3, b.id, 10);
    await line(b.id, "orderClosed", "10", { transferId: t4, orderId: o3 });
    const t5 = await transfer(b.address, 3);
    await link(t5, o3, b.id, 3, true);
    await line(b.id, "orderClosed", "3", { transferId: t5, orderId: o3 });
    const t6 = await transfer(b.address, 6, "removed");
    await line(b.id, "unmatched", "6", { transferId: t6 });
    await line(b.id, "reorg", "-6", { transferId: t6 });
    const o4 = await order(b.id, "paid");
    const t7 = await transfer(b.address, 31);
    await link(t7, o4, b.id, 31);
    await line(b.id, "excess", "2", { transferId: t7, orderId: o4 });
    await line(b.id, "reorg", "-2", { transferId: t7, orderId: o4 });
    await line(b.id, "excess", "2", { transferId: t7, orderId: o4, epoch: 1 });
    // C: paid from the balance, then the credit that funded it was taken back: today's sum went to -29.
    const c = await merchant("c@example.com", 3);
    const t8 = await transfer(c.address, 29, "removed");
    await line(c.id, "unmatched", "29", { transferId: t8 });
    const o5 = await order(c.id, "paid", { payType: "balance", fromBalance: "29" });
    await line(c.id, "orderPayment", "-29", { orderId: o5 });
    await line(c.id, "reorg", "-29", { transferId: t8 });
    const t9 = await transfer(c.address, 10);
    await line(c.id, "late", "10", { transferId: t9 });
    const before = (
      await sql<{ merchant_id: string; total: string }>`
          select merchant_id, sum(amount)::text as total from balance_entries group by merchant_id order by merchant_id`.execute(
        old,
      )
    ).rows;
    expect(before.map((r) => Number(r.total))).toEqual([17, 15, -19]);

    await migrateToLatest(old);
    const db = old as Kysely<DB>;
    const balance = (id: string) => balanceText(db, actFor(tests, id));
    expect([await balance(a.id), await balance(b.id), await balance(c.id)]).toEqual(["17", "15", "0"]);
    expect(await ledgerViolations(db)).toEqual([]);
    expect((await reconcile(db)).map((r) => [r.transfers, r.received, r.credited, r.ok])).toEqual([
      [8, "149", "149", true],
    ]);
    const platform = await db
      .selectFrom("ledger_accounts")
      .select(["kind", "balance"])
      .where("kind", "in", ["revenue", "reorgLoss"])
      .orderBy("kind")
      .execute();
    // Revenue: four paid orders of 29. Loss: C's 29 less the 10 taken back from its later credit.
    expect(platform.map((p) => [p.kind, Number(p.balance)])).toEqual([
      ["reorgLoss", -19],
      ["revenue", 116],
    ]);
    const oldTable = await sql`select to_regclass('balance_entries') as t`.execute(db);
    expect(oldTable.rows).toEqual([{ t: null }]);

    // The converted history goes on as new: B's restored transfer removed and back again.
    await db.transaction().execute((trx) => reverseTransfer(trx, tests, t7, null, new Date()));
    expect(await balance(b.id)).toBe("13");
    await db.transaction().execute((trx) => restoreTransfer(trx, tests, t7, new Date()));
    expect(await balance(b.id)).toBe("15");
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
