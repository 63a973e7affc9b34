import { type Kysely, sql } from "kysely";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencyRegistry } from "../chain/currency-registry.ts";
import type { OpenedDatabase } from "../db/open-database.ts";
import type { DB } from "../db/schema.ts";
import { searchBills } from "../domain/bills/bills.ts";
import { listCallbacks } from "../domain/callbacks/callback-log.ts";
import { findSession } from "../domain/identity/sessions.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import type { MerchantScope } from "../domain/platform/merchant-scope.ts";
import { balanceText, receiveDeposit } from "../domain/payments/balance.ts";
import { ledgerViolations } from "../domain/payments/reconcile.ts";
import { fromAtto, toAtto } from "../../contracts/money.ts";
import { type SeedChain, seedMerchantLists } from "./list-seed.ts";
import { seedMerchant, seedSession, testServerSecret } from "./seed.ts";
import { configuredChain } from "./stub-chain.ts";
import { createTestDatabase } from "./test-database.ts";
import { receiptsByDayQuery } from "../domain/bills/console-overview.ts";

// Cheap password hashes for the seeded merchants (passwords.test.ts checks the real cost).
process.env.PASSWORD_HASH_COST ??= "test";

const tests = systemScope("test");
const chain: SeedChain = {
  chainId: 31337,
  token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  symbol: "USDT",
  decimals: 6,
  factory: `0x${"fa".repeat(20)}` as Address,
  confirmations: 2,
};
const settings = { currencies: currencyRegistry([configuredChain("Devnet", 31337)]), secret: testServerSecret };

let database: OpenedDatabase;
let db: Kysely<DB>;
let seller: string;
let stranger: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  [{ userId: seller }, { userId: stranger }] = await Promise.all([
    seedMerchant(db, { email: "seller@example.com", password: "Merchant7Pass" }),
    seedMerchant(db, { email: "stranger@example.com", password: "Merchant7Pass" }),
  ]);
});
afterAll(() => database?.close());

// Two batches at a time, as npm run seed writes them on a PostgreSQL server (PGlite lends its one connection to one
// transaction at a time, so there they queue).
const seed = (bills: number) =>
  seedMerchantLists(db, seller, { bills, chain, secret: () => testServerSecret, batchSize: 100, connections: 2 });

/** Every bill of the merchant's list, page after page through the cursors, and the first page's total. */
async function wholeList(merchantId: string) {
  const billNos: string[] = [];
  let cursor: string | undefined;
  let total: number | null = null;
  do {
    const page = await searchBills(db, actFor(tests, merchantId), { pageSize: 100, cursor }, settings);
    if (!page.ok) throw new Error(page.message);
    total ??= page.data.total;
    billNos.push(...page.data.items.map((bill) => bill.billNo));
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);
  return { billNos, total };
}

/** A merchant's scope as a request gets it, from a signed-in session (the callbacks list takes no other). */
async function signedIn(merchantId: string): Promise<MerchantScope> {
  const token = `list-seed-${merchantId}`;
  await seedSession(db, { userId: merchantId, token });
  const session = await findSession(db, `Bearer ${token}`, new Date(), { idleSeconds: 3600, absoluteSeconds: 3600 });
  return session!.scope;
}

/** The credited bills' sum, from the bills themselves. */
async function creditedSum(merchantId: string): Promise<string> {
  const { rows } = await sql<{ total: string | null }>`
    select sum(amount)::text as total from application_bills where merchant_id = ${merchantId} and status = 'credited'`.execute(
    db,
  );
  return fromAtto(toAtto(rows[0]?.total ?? "0"));
}

describe("npm run seed's bills (list-seed.ts)", () => {
  it("fill the merchant's list, credit its balance with balanced books, and show nothing to another merchant", async () => {
    const seeded = await seed(300);
    expect(seeded).toMatchObject({ bills: 300, applications: 1, endUsers: 3 });

    const { billNos, total } = await wholeList(seller);
    expect(total).toBe(300);
    expect(new Set(billNos).size).toBe(300);
    const first = await searchBills(db, actFor(tests, seller), { pageSize: 100 }, settings);
    if (!first.ok) throw new Error(first.message);
    for (const bill of first.data.items) {
      expect(bill.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(bill.fromAddress).toMatch(/^0x[0-9a-f]{40}$/);
    }
    const statuses = new Set(first.data.items.map((bill) => bill.status));
    expect(statuses.has("credited")).toBe(true);

    expect(await ledgerViolations(db)).toEqual([]);
    expect(seeded.creditedAmount).toBe(await creditedSum(seller));
    expect(await balanceText(db, actFor(tests, seller))).toBe(seeded.creditedAmount);
    // The console home's kept receipts (migration 0041), set from the bills written with the triggers off.
    const days = await receiptsByDayQuery(
      db,
      seller,
      new Date(Date.now() - 95 * 86_400_000),
      new Date(Date.now() + 86_400_000),
    ).execute();
    const received = days.reduce((sum, d) => sum + toAtto(d.amount), 0n);
    expect(fromAtto(received)).toBe(await creditedSum(seller));

    expect(await wholeList(stranger)).toEqual({ billNos: [], total: 0 });
    expect(await balanceText(db, actFor(tests, stranger))).toBe("0");
  });

  it("gives each notified bill its callback delivery and attempts, as the Transaction callbacks page lists them", async () => {
    // The 300 bills of the first test.
    const { rows } = await sql<{ notice_status: string; deliveries: string; attempts: string; succeeded: string }>`
      select b.notice_status, count(distinct d.id)::text as deliveries, count(a.id)::text as attempts,
        count(a.id) filter (where a.succeeded)::text as succeeded
      from application_bills b left join callback_deliveries d on d.bill_id = b.id
        left join callback_attempts a on a.delivery_id = d.id
      where b.merchant_id = ${seller} group by b.notice_status order by b.notice_status`.execute(db);
    const by = Object.fromEntries(rows.map((r) => [r.notice_status, r]));
    // Every notified bill has one delivery; a failed one three failed attempts, a successful one ends in a success.
    const bills = async (status: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*)::text as n from application_bills
            where merchant_id = ${seller} and notice_status = ${status}`.execute(db)
        ).rows[0]!.n,
      );
    expect(Number(by.success?.deliveries)).toBe(await bills("success"));
    expect(Number(by.success?.succeeded)).toBe(await bills("success"));
    expect(Number(by.failed?.attempts)).toBe(3 * (await bills("failed")));
    expect(Number(by.failed?.succeeded ?? 0)).toBe(0);
    expect(Number(by.notNotified?.deliveries ?? 0)).toBe(0);

    const sellerScope = await signedIn(seller);
    const page = await listCallbacks(db, sellerScope, { pageSize: 100 }, testServerSecret);
    if (!page.ok) throw new Error(page.message);
    expect(page.data.items.length).toBe(100);
    const { billNo } = await db
      .selectFrom("application_bills")
      .select("bill_no as billNo")
      .where("merchant_id", "=", seller)
      .where("notice_status", "=", "failed")
      .limit(1)
      .executeTakeFirstOrThrow();
    const ofBill = await listCallbacks(db, sellerScope, { billNo }, testServerSecret);
    if (!ofBill.ok) throw new Error(ofBill.message);
    // Newest first: the failed delivery's three automatic attempts, the last with no retry due.
    expect(
      ofBill.data.items.map((a) => [a.billNo, a.attemptNo, a.result, a.deliveryStatus, a.nextRetryAt === null]),
    ).toEqual([
      [billNo, 3, "failed", "failed", true],
      [billNo, 2, "failed", "failed", false],
      [billNo, 1, "failed", "failed", false],
    ]);
    const strangers = await listCallbacks(db, await signedIn(stranger), { pageSize: 100 }, testServerSecret);
    expect(strangers.ok && strangers.data.items).toEqual([]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("posts a credit as the deposit listener does (balance.ts receiveDeposit): receipts −amount, merchant +amount", async () => {
    const transfer = await db
      .insertInto("chain_transfers")
      .values({
        chain_id: String(chain.chainId),
        tx_hash: `0x${"ee".repeat(32)}`,
        log_index: 0,
        block_number: "1",
        block_hash: `0x${"bb".repeat(32)}`,
        token: chain.token,
        from_address: `0x${"0f".repeat(20)}`,
        to_address: `0x${"0d".repeat(20)}`,
        amount: "2500000",
        status: "confirmed",
        confirmations: 2,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      receiveDeposit(trx, actFor(tests, stranger), {
        transferId: transfer.id,
        token: { chainId: chain.chainId, address: chain.token, decimals: chain.decimals },
        amount: toAtto("2.5"),
        now: new Date(),
      }),
    );
    const shapeOf = async (transferId: string) => {
      const { rows } = await sql<{ shape: string }>`
        select string_agg(format('%s: %s %s %s %s%s', j.kind, a.kind, case when a.kind = 'receipts' then a.id end,
            l.currency, case when l.amount < 0 then '-' else '+' end,
            case when abs(l.amount) = t.amount / 10 ^ ${chain.decimals} then 'amount' end), ', ' order by l.id)
          || case when c.credited = c.amount then ' (credited)' else ' (not credited)' end as shape
        from ledger_journals j join ledger_lines l on l.journal_id = j.id join ledger_accounts a on a.id = l.account_id
        join chain_transfers t on t.id = j.transfer_id join ledger_transfers c on c.transfer_id = t.id
        where j.transfer_id = ${transferId} group by c.credited, c.amount`.execute(db);
      return rows[0]?.shape;
    };
    const seededCredit = await db
      .selectFrom("application_bills")
      .select("transfer_id")
      .where("merchant_id", "=", seller)
      .where("status", "=", "credited")
      .executeTakeFirstOrThrow();
    expect(await shapeOf(seededCredit.transfer_id)).toMatch(
      /^deposit: receipts \d+ USDT -amount, deposit: merchant {2}USDT \+amount \(credited\)$/,
    );
    expect(await shapeOf(seededCredit.transfer_id)).toBe(await shapeOf(transfer.id));
  });

  it("adds as many more on a second run, numbers and hashes new, the books still balanced", async () => {
    // The indexes it drops for the load (list-seed-indexes.ts) are made again as they were, constraints included.
    const schema = async () =>
      (
        await sql<{ what: string }>`
          select indexdef as what from pg_indexes where schemaname = 'public'
          union all select conname || ': ' || pg_get_constraintdef(oid) from pg_constraint
            where connamespace = 'public'::regnamespace
          order by what`.execute(db)
      ).rows.map((row) => row.what);
    const before = await schema();
    const seeded = await seed(300);
    expect(await schema()).toEqual(before);
    expect(seeded.endUsers).toBe(3);
    const { billNos, total } = await wholeList(seller);
    expect(total).toBe(600);
    expect(new Set(billNos).size).toBe(600);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await balanceText(db, actFor(tests, seller))).toBe(await creditedSum(seller));
    const addresses = await db
      .selectFrom("deposit_addresses")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("merchant_id", "=", seller)
      .executeTakeFirstOrThrow();
    expect(addresses.n).toBe("3");
  });
});
