/**
 * Reconcile time: `reconcile` and `ledgerViolations` (server/domain/payments/reconcile.ts) over
 * BENCH_RECONCILE_TRANSFERS (default 100,000) confirmed transfers of 1 to 1,000 USDT to 1,000 merchants, three in four
 * credited to the balance and one in four into an order paid with it, on the server's database (in-memory PGlite;
 * TEST_DATABASE_URL=postgres://… for PostgreSQL). Prints figures, asserts nothing.
 *
 * The bulk's recharges are swept into the treasury, and one in ten pays a withdrawal with its gas
 * (reconcile-bench-money-out.ts): the journals of money out are among those checked.
 *
 * The bulk of the ledger is written set-based with the ledger's triggers off (session_replication_role = replica)
 * and its stored figures computed the way the triggers keep them; ledgerViolations then checks they agree. The
 * posting cost through the triggers is measured apart, on the last BENCH_POSTED (1,000) transfers, one watcher-sized
 * transaction of 100 at a time.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../server/db/schema.ts";
import { balanceSheets } from "../server/domain/payments/balance-sheet.ts";
import { ledgerViolations, reconcile } from "../server/domain/payments/reconcile.ts";
import { createTestDatabase } from "../server/testing/test-database.ts";
import { seedMoneyOut } from "./reconcile-bench-money-out.ts";

const transferCount = Math.max(10, Number(process.env.BENCH_RECONCILE_TRANSFERS ?? 100_000));
const posted = Math.min(transferCount, Math.max(1, Number(process.env.BENCH_POSTED ?? 1_000)));
const merchantCount = Math.min(1_000, transferCount);
const runs = 5;
const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;
const count = (value: number) => value.toLocaleString("en-US");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const token = "0x1111111111111111111111111111111111111111";

const database = await createTestDatabase();
try {
  const { db } = database;
  await sql`truncate table chain_transfers, receiving_addresses, merchants restart identity cascade`.execute(db);
  const seedStarted = performance.now();
  await db.transaction().execute((trx) => seedChain(trx));
  const bulk = transferCount - posted;
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await creditJournals(trx, 1, bulk);
    await seedMoneyOut(trx, token, bulk);
    await sql`insert into ledger_transfers (transfer_id, account_id, amount, credited)
        select t.id, r.id, t.amount / 1000000, t.amount / 1000000 from chain_transfers t
        join ledger_accounts r on r.kind = 'receipts' where t.id <= ${bulk}`.execute(trx);
    await sql`update ledger_accounts a set balance = s.total
        from (select account_id, sum(amount) as total from ledger_lines group by account_id) s where s.account_id = a.id`.execute(
      trx,
    );
    // The merchants' transaction records the ledger's trigger writes with each of their lines (migration 0033).
    await sql`insert into merchant_transactions (merchant_id, journal_id, line_id, kind, amount, created_at)
        select a.merchant_id, l.journal_id, l.id, j.kind, l.amount, j.created_at from ledger_lines l
        join ledger_accounts a on a.id = l.account_id and a.kind = 'merchant' join ledger_journals j on j.id = l.journal_id
        where l.amount <> 0`.execute(trx);
  });
  const seeded = performance.now() - seedStarted;
  const postStarted = performance.now();
  for (let from = bulk + 1; from <= transferCount; from += 100)
    await db.transaction().execute((trx) => creditJournals(trx, from, Math.min(transferCount, from + 99)));
  const postedMs = performance.now() - postStarted;

  const sheetStarted = performance.now();
  const sheets = await balanceSheets(db);
  const sheetMs = performance.now() - sheetStarted;
  const reconcileTimes: number[] = [];
  const violationTimes: number[] = [];
  let rows: Awaited<ReturnType<typeof reconcile>> = [];
  let violations = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    rows = await reconcile(db);
    reconcileTimes.push(performance.now() - started);
    const checked = performance.now();
    violations = (await ledgerViolations(db)).length;
    violationTimes.push(performance.now() - checked);
  }
  const row = rows[0];
  const { journals } = (
    await sql<{ journals: string }>`select count(*)::text as journals from ledger_journals`.execute(database.db)
  ).rows[0]!;
  const { withdrawals } = (
    await sql<{ withdrawals: string }>`select count(*)::text as withdrawals from withdrawals`.execute(database.db)
  ).rows[0]!;
  process.stdout.write(
    `reconcile bench: ${count(transferCount)} confirmed transfers to ${count(merchantCount)} merchants on ${
      process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"
    } (set up in ${ms(seeded)}): ${count(Number(journals))} journals, the bulk's recharges swept, ${count(Number(withdrawals))} withdrawals paid with their gas\n` +
      `posting           ${count(posted)} transfers through the ledger's triggers, 100 a transaction: ${ms(postedMs)} (${(postedMs / posted).toFixed(2)} ms each)\n` +
      `reconcile         median ${ms(median(reconcileTimes))}, slowest ${ms(Math.max(...reconcileTimes))} (${runs} runs): received ${row?.received} USDT, credited ${row?.credited}, ${row?.ok ? "clean" : "DIFFERS"}\n` +
      `balance sheets    ${ms(sheetMs)}: ${sheets.map((sheet) => `${sheet.currency} ${sheet.ok ? "balances" : `DIFFERS by ${sheet.difference}`}`).join(", ")}\n` +
      `ledgerViolations  median ${ms(median(violationTimes))}, slowest ${ms(Math.max(...violationTimes))} (${runs} runs): ${violations} found\n`,
  );
} finally {
  await database.close();
}

/** Merchants with addresses, the transfers (1 to 1,000 USDT, 6 decimals), the accounts, the orders paid on chain. */
async function seedChain(trx: Kysely<DB>): Promise<void> {
  await sql`insert into merchants (email, password_hash)
      select 'bench' || i || '@example.com', 'x' from generate_series(1, ${merchantCount}) i`.execute(trx);
  await sql`insert into receiving_addresses (address_index, address, merchant_id)
      select i, '0x' || lpad(to_hex(i), 40, '0'), m.id
      from generate_series(0, ${merchantCount - 1}) i join merchants m on m.email = 'bench' || (i + 1) || '@example.com'`.execute(
    trx,
  );
  await sql`insert into chain_transfers (chain_id, tx_hash, log_index, block_number, block_hash, token, from_address,
        to_address, amount, status, confirmations, confirmed_at)
      select 31337, '0x' || lpad(to_hex(i), 64, '0'), 0, i, '0xb', ${token}, '0xf',
        '0x' || lpad(to_hex(i % ${merchantCount}), 40, '0'), (1 + i % 1000) * 1000000, 'confirmed', 12, now()
      from generate_series(1, ${transferCount}) i`.execute(trx);
  await sql`insert into ledger_accounts (kind, chain_id, token, decimals) values ('receipts', 31337, ${token}, 6)`.execute(
    trx,
  );
  await sql`insert into ledger_accounts (kind) values ('revenue')`.execute(trx);
  await sql`insert into ledger_accounts (kind, merchant_id) select 'merchant', id from merchants`.execute(trx);
  await sql`insert into orders (order_code, merchant_id, package_id, amount, status, upgrade, expires_at, paid_at,
        pay_type, closed_at)
      select lpad(t.id::text, 12, '0'), a.merchant_id, (select id from packages where code = 'basic'),
        t.amount / 1000000, 'paid', 'new', now(), now(), 'chain', now()
      from chain_transfers t join receiving_addresses a on a.address = t.to_address where t.id % 4 = 0`.execute(trx);
  await sql`insert into ledger_accounts (kind, order_id) select 'order', id from orders`.execute(trx);
}

/** Transfers from..to credited as the listener posts them: to the balance, or into their order and on to revenue. */
async function creditJournals(trx: Kysely<DB>, from: number, to: number): Promise<void> {
  if (to < from) return;
  await sql`insert into ledger_journals (kind, transfer_id, order_id)
      select case when t.id % 4 = 0 then 'orderReceipt' else 'unmatched' end, t.id, o.id
      from chain_transfers t left join orders o on o.order_code = lpad(t.id::text, 12, '0')
      where t.id between ${from} and ${to} order by t.id`.execute(trx);
  await sql`insert into ledger_journals (kind, transfer_id, order_id)
      select 'orderPaid', t.id, o.id from chain_transfers t join orders o on o.order_code = lpad(t.id::text, 12, '0')
      where t.id between ${from} and ${to} order by t.id`.execute(trx);
  await sql`insert into ledger_lines (journal_id, account_id, currency, amount)
      select j.id, case when n = 1 then r.id when j.kind = 'unmatched' then ma.id else oa.id end, 'USDT',
        case when n = 1 then -t.amount / 1000000 else t.amount / 1000000 end
      from ledger_journals j
      join chain_transfers t on t.id = j.transfer_id and t.id between ${from} and ${to}
      join receiving_addresses a on a.address = t.to_address
      join ledger_accounts r on r.kind = 'receipts'
      left join ledger_accounts ma on ma.kind = 'merchant' and ma.merchant_id = a.merchant_id
      left join ledger_accounts oa on oa.kind = 'order' and oa.order_id = j.order_id
      cross join generate_series(1, 2) n
      where j.kind in ('orderReceipt', 'unmatched')
    union all
      select j.id, case when n = 1 then oa.id else rv.id end, 'USDT',
        case when n = 1 then -t.amount / 1000000 else t.amount / 1000000 end
      from ledger_journals j
      join chain_transfers t on t.id = j.transfer_id and t.id between ${from} and ${to}
      join ledger_accounts oa on oa.kind = 'order' and oa.order_id = j.order_id
      join ledger_accounts rv on rv.kind = 'revenue'
      cross join generate_series(1, 2) n
      where j.kind = 'orderPaid'
    order by 1, 3`.execute(trx);
}
