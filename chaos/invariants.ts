import { type Kysely, sql } from "kysely";
import type { DB } from "../server/db/schema.ts";

/**
 * What must hold after every step of the chaos harness (issue 24, "What must hold"), read from the database alone, so
 * the same checks serve a run on PostgreSQL, a PGlite test and, later, an operator. Each answers the violations it
 * finds as sentences naming the merchant, order or transfer; an empty list is a pass.
 */
export interface InvariantOptions {
  /** The watched token's decimals (chain_transfers.amount is in its base units). */
  decimals: number;
}

export type InvariantCheck = (db: Kysely<DB>, options: InvariantOptions) => Promise<string[]>;

/**
 * Each transfer (chain, tx hash, log index) is credited at most once in total, whatever mix of orders and balance it
 * went to, however often it was removed and seen again. Per merchant: what paid orders consumed from the chain, what
 * open orders hold of confirmed transfers and what the balance got from transfers never exceed what the merchant's
 * address received in confirmed transfers, plus what paid orders keep of transfers a reorganisation took back (the
 * package stays, issue 24's finding 6) or that are on their way back (seen again, not yet confirmed). Finding 1 broke it: 30 received, 29 consumed and 30 credited again.
 */
export const creditedAtMostOnce: InvariantCheck = async (db, { decimals }) => {
  const { rows } = await sql<{ merchant_id: string; received: string; taken: string }>`
    with addr as (select merchant_id, address from receiving_addresses where merchant_id is not null),
    received as (
      select a.merchant_id, sum(t.amount * ${unitScale(decimals)}) as v
        from chain_transfers t join addr a on a.address = t.to_address
       where t.status = 'confirmed' and t.quarantine is null group by a.merchant_id),
    reversed as (
      select l.merchant_id, sum(l.amount) as v
        from order_transfers l join orders o on o.id = l.order_id join chain_transfers t on t.id = l.transfer_id
       where o.status = 'paid' and l.counted and not l.to_balance and t.status <> 'confirmed' group by l.merchant_id),
    consumed as (
      select merchant_id, sum(amount - from_balance) as v from orders where status = 'paid' group by merchant_id),
    held as (
      select l.merchant_id, sum(l.amount) as v
        from order_transfers l join orders o on o.id = l.order_id join chain_transfers t on t.id = l.transfer_id
       where o.status in ('pending', 'waiting') and l.counted and t.status = 'confirmed' group by l.merchant_id),
    credited as (
      select merchant_id, sum(amount) as v from balance_entries where transfer_id is not null group by merchant_id),
    m as (select merchant_id from received union select merchant_id from consumed union select merchant_id from credited)
    select m.merchant_id::text,
           (coalesce(r.v, 0) + coalesce(x.v, 0))::text as received,
           (coalesce(c.v, 0) + coalesce(h.v, 0) + coalesce(b.v, 0))::text as taken
      from m left join received r using (merchant_id) left join reversed x using (merchant_id)
             left join consumed c using (merchant_id) left join held h using (merchant_id)
             left join credited b using (merchant_id)
     where coalesce(c.v, 0) + coalesce(h.v, 0) + coalesce(b.v, 0) > coalesce(r.v, 0) + coalesce(x.v, 0)`.execute(db);
  const perMerchant = rows.map(
    (r) =>
      `merchant ${r.merchant_id}: orders and balance took ${r.taken} USDT of transfers, more than the ${r.received} USDT received`,
  );
  // Per transfer and epoch, one credit (the unique index says so; checked here in case an index goes), one merchant.
  const { rows: twice } = await sql<{ transfer_id: string; epoch: number; n: number; merchants: number }>`
    select transfer_id::text, epoch, count(*) filter (where kind <> 'reorg')::int as n,
           count(distinct merchant_id)::int as merchants
      from balance_entries where transfer_id is not null group by transfer_id, epoch
    having count(*) filter (where kind <> 'reorg') > 1 or count(distinct merchant_id) > 1`.execute(db);
  return [
    ...perMerchant,
    ...twice.map((t) => `transfer ${t.transfer_id}: ${t.n} credits in epoch ${t.epoch} to ${t.merchants} merchant(s)`),
  ];
};

/** No merchant's balance (the sum of their ledger) is ever negative. */
export const noNegativeBalance: InvariantCheck = async (db) => {
  const { rows } = await sql<{ merchant_id: string; balance: string }>`
    select merchant_id::text, sum(amount)::text as balance from balance_entries group by merchant_id having sum(amount) < 0`.execute(
    db,
  );
  return rows.map((r) => `merchant ${r.merchant_id}: balance ${r.balance} USDT is negative`);
};

/** A paid order was paid: what its counted transfers brought plus what it took from the balance covers its price. */
export const paidOrdersCovered: InvariantCheck = async (db) => {
  const { rows } = await sql<{ order_code: string; amount: string; covered: string }>`
    select o.order_code, o.amount::text, (o.from_balance + coalesce(sum(l.amount) filter (where l.counted and not l.to_balance), 0))::text as covered
      from orders o left join order_transfers l on l.order_id = o.id
     where o.status = 'paid' and not o.trial
     group by o.id, o.order_code, o.amount, o.from_balance
    having o.from_balance + coalesce(sum(l.amount) filter (where l.counted and not l.to_balance), 0) < o.amount`.execute(
    db,
  );
  return rows.map((r) => `order ${r.order_code}: paid, but only ${r.covered} of its ${r.amount} USDT came in`);
};

/**
 * The double-entry ledger's own checks join here once the ledger branch has merged (issue 24): `ledgerViolations(db)`
 * (every posting balanced, entries pointing at their cause) and `reconcile(db)` (credited against received, per chain
 * and token), each adapted to answer `string[]`. Empty until then; `invariantViolations` runs whatever is listed.
 */
export const ledgerChecks: readonly InvariantCheck[] = [];

/** The checks that must hold at every moment, chaos or not. */
export const alwaysChecks: readonly InvariantCheck[] = [
  creditedAtMostOnce,
  noNegativeBalance,
  paidOrdersCovered,
  ...ledgerChecks,
];

/** Every check of `alwaysChecks`, each violation prefixed with the invariant's name. */
export async function invariantViolations(db: Kysely<DB>, options: InvariantOptions): Promise<string[]> {
  const found: string[] = [];
  for (const check of alwaysChecks)
    for (const violation of await check(db, options)) found.push(`${check.name || "ledger"}: ${violation}`);
  return found;
}

/**
 * Once the chaos stops: orders paid match what was received. For a merchant none of whose transfers was ever taken
 * back, what the paid orders consumed, what open orders hold and what the balance got from transfers is exactly
 * what the address received: nothing lost, nothing made up.
 */
export const receivedAllAccounted: InvariantCheck = async (db, { decimals }) => {
  const { rows } = await sql<{ merchant_id: string; received: string; taken: string }>`
    with addr as (select merchant_id, address from receiving_addresses where merchant_id is not null),
    received as (
      select a.merchant_id, sum(t.amount * ${unitScale(decimals)}) as v,
             bool_or(t.status = 'removed' or t.quarantine is not null) as troubled
        from chain_transfers t join addr a on a.address = t.to_address group by a.merchant_id),
    confirmed as (
      select a.merchant_id, sum(t.amount * ${unitScale(decimals)}) as v
        from chain_transfers t join addr a on a.address = t.to_address
       where t.status = 'confirmed' and t.quarantine is null group by a.merchant_id),
    consumed as (select merchant_id, sum(amount - from_balance) as v from orders where status = 'paid' group by merchant_id),
    held as (
      select l.merchant_id, sum(l.amount) as v from order_transfers l join orders o on o.id = l.order_id
       where o.status in ('pending', 'waiting') and l.counted group by l.merchant_id),
    credited as (select merchant_id, sum(amount) as v from balance_entries where transfer_id is not null group by merchant_id)
    select r.merchant_id::text, coalesce(f.v, 0)::text as received,
           (coalesce(c.v, 0) + coalesce(h.v, 0) + coalesce(b.v, 0))::text as taken
      from received r left join confirmed f using (merchant_id) left join consumed c using (merchant_id)
           left join held h using (merchant_id) left join credited b using (merchant_id)
     where not r.troubled and coalesce(c.v, 0) + coalesce(h.v, 0) + coalesce(b.v, 0) <> coalesce(f.v, 0)`.execute(db);
  return rows.map(
    (r) => `merchant ${r.merchant_id}: received ${r.received} USDT, but orders and balance account for ${r.taken}`,
  );
};

/** Once the chaos stops: the watcher scanned up to `head` and every transfer old enough is confirmed (or removed). */
export async function watcherBehind(
  db: Kysely<DB>,
  chainId: number,
  head: bigint,
  confirmations: number,
): Promise<string[]> {
  const cursor = await db
    .selectFrom("chain_cursors")
    .select("next_block")
    .where("chain_id", "=", String(chainId))
    .executeTakeFirst();
  const found: string[] = [];
  if (!cursor || BigInt(cursor.next_block) <= head)
    found.push(`the cursor is at ${cursor?.next_block ?? "nothing"}, the head at ${head}`);
  const waiting = await db
    .selectFrom("chain_transfers")
    .select(["tx_hash", "block_number"])
    .where("chain_id", "=", String(chainId))
    .where("status", "=", "seen")
    .where("quarantine", "is", null)
    .where("block_number", "<=", String(head - BigInt(confirmations) + 1n))
    .execute();
  for (const t of waiting) found.push(`transfer ${t.tx_hash} in block ${t.block_number} is still not confirmed`);
  return found;
}

/** numeric factor from a token's base units to USDT: exact in PostgreSQL's numeric. */
const unitScale = (decimals: number) =>
  sql.raw(decimals === 0 ? "1::numeric" : `0.${"0".repeat(decimals - 1)}1::numeric`);
