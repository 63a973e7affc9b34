import { type Kysely, sql } from "kysely";
import { type Address, getAddress } from "viem";
import type { DB } from "../db/schema.ts";
import { ledgerCurrency } from "../domain/payments/ledger.ts";

/**
 * One batch of list-seed.ts's bills as one statement: the rows drawn from `generate_series`, then what each becomes
 * (a transfer, a bill, the ledger's journals and lines with the merchant's transaction records; for a bill whose
 * merchant was notified, the outbox event, its callback delivery and its attempts: one, two, or three failed) and the
 * ledger's stored figures they move.
 */

/** Where the seeded applications' recharge callbacks go (list-seed.ts makes them with it). */
export const seedCallbackUrl = "https://shop.example.com/callbacks/recharge";

/** The chain and token the seeded transfers are on, and the deposit-forwarder factory their addresses come from. */
export interface SeedChain {
  chainId: number;
  token: Address;
  symbol: string;
  decimals: number;
  factory: Address;
  confirmations: number;
}

/** The end users' deposit addresses, by position: the statement picks one per bill, round them. */
export interface Deposits {
  ids: string[];
  applicationIds: string[];
  addresses: string[];
}

export interface Batch {
  merchantId: string;
  from: number;
  to: number;
  nonce: string;
  now: Date;
  days: number;
  deposits: Deposits;
  chain: SeedChain;
  receipts: string;
  merchant: string;
}

/**
 * One batch, one statement: each row's draws (when, status, notice, amount), its transfer, its bill (numbered as
 * nextDayNumber numbers bills, by the day it was seen), the journals (the deposits first, then the reversals) and
 * their lines and the transfers' credited figures; then the two balances. Answers what it credited.
 */
export async function seedBatch(trx: Kysely<DB>, b: Batch): Promise<{ credited: string; amount: string }> {
  const { chain, deposits } = b;
  const result = await sql<{ credited: string; amount: string }>`
    with drawn as materialized (
      select i, r_time, r_notice, r_step, 1 + (i % ${deposits.ids.length}) as d,
        case when r_status < 0.002 then 'confirming' when r_status < 0.03 then 'dropped'
          when r_status < 0.04 then 'reversed' else 'credited' end as status,
        floor(floor(power(10::float8, r_amount * 4.5) * 100)::numeric * power(10::numeric, ${chain.decimals}::int - 2)) as units
      from (select i, random() as r_time, random() as r_status, random() as r_notice, random() as r_amount,
        random() as r_step from generate_series(${b.from}::int8, ${b.to}::int8) as i) as draws
    ), deposits as materialized (
      -- By position, joined: an element of a text[] is found by walking the array from its start (10,000 addresses).
      select d, deposit_id, application_id, to_address
      from unnest(${deposits.ids}::int8[], ${deposits.applicationIds}::int8[], ${deposits.addresses}::text[])
        with ordinality as deposit (deposit_id, application_id, to_address, d)
    ), seen as materialized (
      select drawn.*,
        '0x' || encode(sha256(convert_to(${b.nonce} || ':tx:' || i, 'UTF8')), 'hex') as tx_hash,
        '0x' || substr(encode(sha256(convert_to(${b.nonce} || ':from:' || i, 'UTF8')), 'hex'), 1, 40) as from_address,
        deposit_id, application_id, to_address,
        case when status = 'confirming' then ${b.now}::timestamptz - r_time * interval '10 minutes'
          else ${b.now}::timestamptz - interval '10 minutes' - r_time * ${b.days}::int * interval '1 day' end as seen_at,
        trunc(units / power(10::numeric, ${chain.decimals}::int), 18) as amount
      from drawn join deposits using (d)
    ), timed as materialized (
      select seen.*,
        floor(extract(epoch from seen_at))::int8 - 1500000000 as block_number,
        case when status in ('credited', 'reversed')
          then seen_at + (${chain.confirmations}::int + r_step * 3) * interval '1 second' end as credited_at,
        case status when 'reversed' then seen_at + (60 + r_step * 600) * interval '1 second'
          when 'dropped' then seen_at + (r_step * 30) * interval '1 second' end as removed_at,
        case when status = 'confirming' then floor(r_step * ${chain.confirmations}::int)::int
          when status = 'dropped' then 0 else ${chain.confirmations}::int end as confirmations,
        case when status not in ('credited', 'reversed') then 'notNotified'
          when r_notice < 0.93 then 'success' when r_notice < 0.97 then 'failed' else 'notNotified' end as notice_status
      from seen
    ), transfers as (
      insert into chain_transfers (chain_id, tx_hash, log_index, block_number, block_hash, token, from_address,
        to_address, amount, status, confirmations, seen_at, confirmed_at, removed_at)
      select ${chain.chainId}::int8, tx_hash, (i % 4)::int, block_number,
        '0x' || encode(sha256(convert_to('block:' || block_number, 'UTF8')), 'hex'), ${getAddress(chain.token)},
        from_address, to_address, units,
        case status when 'credited' then 'confirmed' when 'confirming' then 'seen' else 'removed' end,
        confirmations, seen_at, credited_at, removed_at
      from timed
      returning id, tx_hash
    ), bills as (
      insert into application_bills (bill_no, merchant_id, application_id, deposit_address_id, transfer_id, currency,
        amount, status, confirmations, required, seen_at, credited_at, removed_at, notice_status)
      select to_char(timed.seen_at at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('application_bill_no_seq')::text, 10, '0'),
        ${b.merchantId}::int8, application_id, deposit_id, transfers.id, ${chain.symbol}, amount, status, confirmations,
        ${chain.confirmations}::int, seen_at, credited_at, removed_at, notice_status
      from timed join transfers on transfers.tx_hash = timed.tx_hash
      order by timed.seen_at
      returning id, bill_no, application_id, transfer_id, status, amount, credited_at, removed_at, notice_status
    ), events as (
      insert into outbox_events (event_id, type, merchant_id, application_id, bill_id, payload, created_at)
      select gen_random_uuid(), 'deposit.credited', ${b.merchantId}::int8, application_id, id,
        jsonb_build_object('billNo', bill_no, 'amount', amount::text), credited_at
      from bills where notice_status in ('success', 'failed')
      order by credited_at
      returning id, event_id, application_id, bill_id, created_at
    ), deliveries as (
      insert into callback_deliveries (outbox_event_id, event_id, event_type, merchant_id, application_id, bill_id,
        target, body, status, attempts, auto_attempts, created_at, finished_at)
      select events.id, events.event_id, 'deposit.credited', ${b.merchantId}::int8, events.application_id,
        events.bill_id, 'recharge', json_build_object('type', 'deposit.credited', 'billNo', bills.bill_no)::text,
        bills.notice_status, tries.n, tries.n, events.created_at, events.created_at + tries.n * interval '1 minute'
      from events join bills on bills.id = events.bill_id
        cross join lateral (select case when bills.notice_status = 'failed' then 3
          when bills.id % 10 = 0 then 2 else 1 end as n) as tries
      order by events.created_at
      returning id, application_id, status, attempts, created_at
    ), attempts as (
      insert into callback_attempts (delivery_id, merchant_id, application_id, attempt_no, trigger, url,
        response_status, response_body, latency_ms, succeeded, sent_at, next_retry_at)
      select deliveries.id, ${b.merchantId}::int8, deliveries.application_id, attempt.n, 'auto', ${seedCallbackUrl},
        case when deliveries.status = 'success' and attempt.n = deliveries.attempts then 200 else 500 end,
        case when deliveries.status = 'success' and attempt.n = deliveries.attempts then 'ok' else 'busy' end,
        40 + (deliveries.id * 17 + attempt.n * 31) % 400,
        deliveries.status = 'success' and attempt.n = deliveries.attempts,
        deliveries.created_at + (attempt.n - 1) * interval '1 minute',
        case when attempt.n < deliveries.attempts then deliveries.created_at + attempt.n * interval '1 minute' end
      from deliveries cross join lateral generate_series(1, deliveries.attempts) as attempt (n)
      order by deliveries.created_at, attempt.n
    ), journals as (
      insert into ledger_journals (kind, transfer_id, created_at)
      select kind, transfer_id, at from (
        select 'deposit' as kind, transfer_id, credited_at as at from bills where status in ('credited', 'reversed')
        union all
        select 'reorg', transfer_id, removed_at from bills where status = 'reversed'
      ) as posted
      order by kind = 'reorg', at
      returning id, kind, transfer_id, created_at
    ), lines as (
      insert into ledger_lines (journal_id, account_id, currency, amount)
      select journals.id, case when side.n = 1 then ${b.receipts}::int8 else ${b.merchant}::int8 end, ${ledgerCurrency},
        case when (side.n = 1) = (journals.kind = 'deposit') then -bills.amount else bills.amount end
      from journals join bills on bills.transfer_id = journals.transfer_id cross join (values (1), (2)) as side (n)
      order by journals.kind = 'reorg', journals.id, side.n
      returning id, journal_id, account_id, amount
    ), records as (
      -- What the ledger's trigger writes for each line of the merchant's account (migration 0033).
      insert into merchant_transactions (merchant_id, journal_id, line_id, kind, amount, created_at)
      select ${b.merchantId}::int8, lines.journal_id, lines.id, journals.kind, lines.amount, journals.created_at
      from lines join journals on journals.id = lines.journal_id
      where lines.account_id = ${b.merchant}::int8
      order by journals.created_at, lines.id
    ), credits as (
      insert into ledger_transfers (transfer_id, account_id, amount, credited)
      select transfer_id, ${b.receipts}::int8, amount, case when status = 'credited' then amount else 0 end
      from bills where status in ('credited', 'reversed')
      returning credited
    ), total as (
      select coalesce(sum(credited), 0) as amount from credits
    )
    select (select count(*) from bills where status = 'credited')::text as credited, (select amount from total)::text as amount`.execute(
    trx,
  );
  const moved = result.rows[0]!;
  await moveBalances(trx, b, moved.amount);
  return moved;
}

/**
 * The two balances moved by what the batch credited, each its own update in the accounts' id order: batches run side
 * by side on several connections (list-seed.ts) and would otherwise lock the same two rows in either order.
 */
async function moveBalances(trx: Kysely<DB>, b: Batch, amount: string): Promise<void> {
  const moves = [
    { id: b.merchant, by: amount },
    { id: b.receipts, by: `-${amount}` },
  ].sort((x, y) => (BigInt(x.id) < BigInt(y.id) ? -1 : 1));
  for (const move of moves)
    await sql`update ledger_accounts set balance = balance + ${move.by}::numeric where id = ${move.id}::int8`.execute(
      trx,
    );
}
