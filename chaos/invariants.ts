import { type Kysely, sql } from "kysely";
import type { DB } from "../server/db/schema.ts";
import { ledgerViolations, reconcile } from "../server/domain/payments/reconcile.ts";
import { invoiceViolations } from "./invoices.ts";

/**
 * What must hold after every step of the chaos harness ("What must hold"), read from the database alone, so
 * the same checks serve a run on PostgreSQL, a PGlite test and, later, an operator. Each answers the violations it
 * finds as sentences naming the merchant, order or transfer; an empty list is a pass.
 */
export interface InvariantOptions {
  /** The watched token's decimals (chain_transfers.amount is in its base units). */
  decimals: number;
}

export type InvariantCheck = (db: Kysely<DB>, options: InvariantOptions) => Promise<string[]>;

/** Every merchant's address: receiving addresses (any chain) and the deposit addresses of their applications (their chain). */
const merchantsAddresses = sql`
    select merchant_id, lower(address) as address, null::bigint as chain_id from receiving_addresses where merchant_id is not null
    union all
    select merchant_id, lower(address), chain_id from deposit_addresses`;

/**
 * Each transfer (chain, tx hash, log index) is credited at most once in total, whatever mix of orders and balance it
 * went to, however often it was removed and seen again. Per merchant, read from the ledger's own figure of what left
 * chain receipts for each transfer (`ledger_transfers.credited`, kept by the database from the lines): what was credited
 * for the transfers to the merchant's addresses (receiving and deposit) never exceeds what that address received in confirmed transfers, and a
 * transfer not confirmed (removed, or back but not yet confirmed) holds no credit. Finding 1 broke it: 30 received,
 * 59 credited.
 */
export const creditedAtMostOnce: InvariantCheck = async (db, { decimals }) => {
  const { rows } = await sql<{ merchant_id: string; received: string; credited: string }>`
    with addr as (${merchantsAddresses}),
    per_transfer as (
      select a.merchant_id, t.status, t.quarantine, t.amount * ${unitScale(decimals)} as value,
             coalesce(lt.credited, 0) as credited
        from chain_transfers t join addr a on a.address = lower(t.to_address) and (a.chain_id is null or a.chain_id = t.chain_id)
        left join ledger_transfers lt on lt.transfer_id = t.id)
    select merchant_id::text,
           coalesce(sum(value) filter (where status = 'confirmed' and quarantine is null), 0)::text as received,
           sum(credited)::text as credited
      from per_transfer group by merchant_id
    having sum(credited) > coalesce(sum(value) filter (where status = 'confirmed' and quarantine is null), 0)`.execute(
    db,
  );
  const perMerchant = rows.map(
    (r) =>
      `merchant ${r.merchant_id}: ${r.credited} USDT credited from transfers, more than the ${r.received} USDT received`,
  );
  const { rows: unconfirmed } = await sql<{ tx_hash: string; status: string; credited: string }>`
    select t.tx_hash, t.status, lt.credited::text as credited
      from ledger_transfers lt join chain_transfers t on t.id = lt.transfer_id
     where lt.credited <> 0 and t.status <> 'confirmed'`.execute(db);
  return [
    ...perMerchant,
    ...unconfirmed.map((t) => `transfer ${t.tx_hash} is ${t.status} but still holds ${t.credited} USDT of credit`),
  ];
};

/**
 * Application bills agree with the chain and the ledger, at every moment (the bill changes in the transaction that
 * credits or takes back): a confirmed deposit (not quarantined) has a credited bill; a credited bill's transfer is
 * confirmed and credited in full, any other bill's not at all; one deposit journal per transfer at most; and the outbox
 * told the merchant's system of each credit and each reversal: credits less reversals is 1 for a credited bill, else 0
 * (and 0 for a recharge to the merchant's own payment address, which has no application to tell, and for an invoice's
 * payment, told by its invoice's events).
 */
export const depositBillsAgree: InvariantCheck = async (db) => {
  const { rows } = await sql<{ detail: string }>`
    select format('deposit %s (%s%s): bill %s %s, %s credited, events +%s -%s, deposit journals %s', t.tx_hash, t.status,
             case when t.quarantine is null then '' else ', quarantined' end, coalesce(b.bill_no, 'none'),
             coalesce(b.status, '-'), coalesce(lt.credited, 0), e.credits, e.reversals, dj.n) as detail
      from chain_transfers t
      join deposit_addresses d on lower(d.address) = lower(t.to_address) and d.chain_id = t.chain_id
      left join application_bills b on b.transfer_id = t.id
      left join ledger_transfers lt on lt.transfer_id = t.id
      cross join lateral (
        select count(*) filter (where o.type = 'deposit.credited') as credits,
               count(*) filter (where o.type = 'deposit.reversed') as reversals
          from outbox_events o where o.bill_id = b.id) e
      cross join lateral (
        select count(*) as n from ledger_journals j where j.transfer_id = t.id and j.kind = 'deposit') dj
     where (t.status = 'confirmed' and t.quarantine is null and b.status is distinct from 'credited')
        or (b.status = 'credited' and (t.status <> 'confirmed' or coalesce(lt.credited, 0) <> b.amount))
        or (b.status <> 'credited' and coalesce(lt.credited, 0) <> 0)
        or (b.id is not null and e.credits - e.reversals
              <> case when b.status = 'credited' and b.application_id is not null and d.invoice_id is null then 1 else 0 end)
        or dj.n > 1`.execute(db);
  return rows.map((r) => r.detail);
};

/** No merchant's balance is ever negative (the database refuses it; checked here in case a constraint goes). */
export const noNegativeBalance: InvariantCheck = async (db) => {
  const { rows } = await sql<{ merchant_id: string; balance: string }>`
    select merchant_id::text, balance::text from ledger_accounts where kind = 'merchant' and balance < 0`.execute(db);
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
 * The double-entry ledger's own checks (server/domain/payments/reconcile.ts): every journal balanced, stored balances
 * equal to their lines and never negative, no transfer credited past its value or while not confirmed, no closed order
 * holding money; and reconcile clean, per chain and token, credited against received.
 */
export const ledgerClean: InvariantCheck = async (db) =>
  (await ledgerViolations(db)).map((v) => `${v.kind}: ${v.detail}`);

export const reconcileClean: InvariantCheck = async (db) =>
  (await reconcile(db))
    .filter((row) => !row.ok)
    .map(
      (row) =>
        `chain ${row.chainId} token ${row.token}: credited ${row.credited}, received ${row.received ?? `${row.receivedUnits} base units`}`,
    );

/**
 * Collection agrees with the bills: a bill shows a collection (amounts, delivery address, and through its sweep the tx
 * hash) only for a confirmed sweep of its own address that its collection_id names, whose transaction is mined and
 * whose delivery address it shows; a bill whose sweep is still on its way shows nothing yet; no bill stays tied to a
 * failed or removed sweep; and a sweep's bills never claim more than it moved.
 */
export const collectionsAgree: InvariantCheck = async (db) => {
  const { rows } = await sql<{ detail: string }>`
    select format('bill %s: collection %s (%s), %s on the bill, tx %s (%s) on the sweep', b.bill_no,
             coalesce(c.id::text, 'none'), coalesce(c.status, '-'), coalesce(b.collection_amount::text, 'no amount'),
             coalesce(o.tx_hash, 'none'), coalesce(o.outcome, 'open')) as detail
      from application_bills b left join collections c on c.id = b.collection_id
      left join lateral (select tx_hash, outcome from outgoing_transactions where collection_id = c.id
                          order by outcome is not distinct from 'mined' desc, id desc limit 1) o on true
     where (b.collection_amount is not null and (c.status is distinct from 'confirmed'
              or o.outcome is distinct from 'mined'
              or lower(c.delivery_address) <> lower(b.delivery_address)))
        or (c.status = 'sent' and b.collection_amount is not null)
        or c.status in ('failed', 'removed')
        or (c.id is not null and c.deposit_address_id <> b.deposit_address_id)
    union all
    select format('sweep %s moved %s, its bills claim %s', b.collection_id, min(b.transfer_amount), sum(b.collection_amount))
      from application_bills b where b.collection_amount is not null
     group by b.collection_id having sum(b.collection_amount) > min(b.transfer_amount)`.execute(db);
  return rows.map((r) => r.detail);
};

/**
 * A withdrawal's hold is released exactly once: one in flight holds its amount and fee and has neither a
 * `withdrawalSent` nor a `withdrawalRelease` journal; a confirmed one holds nothing and has exactly one
 * `withdrawalSent` and no `withdrawalRelease`; a failed one holds nothing and has exactly one `withdrawalRelease`, and
 * at most one `withdrawalSent` (paid, then a reorganisation took it and its transaction sent again reverted: the
 * release took the payment back).
 */
export const withdrawalsAgree: InvariantCheck = async (db) => {
  const { rows } = await sql<{ detail: string }>`
    select format('withdrawal %s (%s): holds %s of %s, %s sent and %s released journals', w.id, w.status,
             coalesce(a.balance, 0), w.amount + w.fee, j.sent, j.released) as detail
      from withdrawals w
      left join ledger_accounts a on a.kind = 'withdrawal' and a.withdrawal_id = w.id
      cross join lateral (
        select count(*) filter (where kind = 'withdrawalSent') as sent,
               count(*) filter (where kind = 'withdrawalRelease') as released
          from ledger_journals where withdrawal_id = w.id) j
     where case w.status
             when 'confirmed' then coalesce(a.balance, 0) <> 0 or j.sent <> 1 or j.released <> 0
             when 'failed' then coalesce(a.balance, 0) <> 0 or j.sent > 1 or j.released <> 1
             else coalesce(a.balance, 0) <> w.amount + w.fee or j.sent <> 0 or j.released <> 0
           end`.execute(db);
  return rows.map((r) => r.detail);
};

/** Invoices agree with their transfers, bills and callbacks (chaos/invoices.ts). */
export const invoicesAgree: InvariantCheck = (db, options) => invoiceViolations(db, options);

export const ledgerChecks: readonly InvariantCheck[] = [ledgerClean, reconcileClean];

/** The checks that must hold at every moment, chaos or not. */
export const alwaysChecks: readonly InvariantCheck[] = [
  creditedAtMostOnce,
  depositBillsAgree,
  collectionsAgree,
  withdrawalsAgree,
  noNegativeBalance,
  paidOrdersCovered,
  invoicesAgree,
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
 * Once the chaos stops: nothing lost, nothing made up. For every merchant, what the ledger credited for the transfers
 * to their address (into orders and the balance) is exactly what the address received in confirmed transfers: a
 * removed transfer holds no credit (what a paid order kept of it is a recorded loss), a quarantined one neither.
 */
export const receivedAllAccounted: InvariantCheck = async (db, { decimals }) => {
  const { rows } = await sql<{ merchant_id: string; received: string; credited: string }>`
    with addr as (${merchantsAddresses}),
    per_transfer as (
      select a.merchant_id, t.status, t.quarantine, t.amount * ${unitScale(decimals)} as value,
             coalesce(lt.credited, 0) as credited
        from chain_transfers t join addr a on a.address = lower(t.to_address) and (a.chain_id is null or a.chain_id = t.chain_id)
        left join ledger_transfers lt on lt.transfer_id = t.id)
    select merchant_id::text,
           coalesce(sum(value) filter (where status = 'confirmed'), 0)::text as received,
           sum(credited)::text as credited
      from per_transfer group by merchant_id
    having sum(credited) <> coalesce(sum(value) filter (where status = 'confirmed' and quarantine is null), 0)`.execute(
    db,
  );
  return rows.map(
    (r) => `merchant ${r.merchant_id}: received ${r.received} USDT, but the ledger credited ${r.credited} for it`,
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
