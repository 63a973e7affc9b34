import { type Kysely, sql } from "kysely";
import type { DB } from "../server/db/schema.ts";

/**
 * The money that leaves, for the reconcile bench ("reconcile time over 100,000 journals including
 * withdrawals and collections"), written set-based with the ledger's triggers off like the rest of its seed: every
 * recharge (`unmatched`) of transfers 1..`upTo` swept into the treasury (a `sweep` journal, receipts → treasury), and
 * for one in ten of them a withdrawal of 1 USDT with a fee of 0.5 asked, held and paid (`withdrawalHold`: balance →
 * withdrawal; `withdrawalSent`: withdrawal → treasury and revenue) with its gas in ETH (`gasSpent`: the treasury's
 * native holding → the gas expense), the treasury's ETH funded once (`gasFunded`). The caller computes the stored
 * balances and the merchants' records afterwards, from the lines.
 */
export async function seedMoneyOut(trx: Kysely<DB>, token: string, upTo: number): Promise<void> {
  const treasury = "0x7777777777777777777777777777777777777777";
  await sql`insert into ledger_accounts (kind, chain_id, token, decimals) values ('treasury', 31337, ${token}, 6)`.execute(
    trx,
  );
  await sql`insert into ledger_accounts (kind, chain_id, holder, currency) values ('nativeHolder', 31337, ${treasury}, 'ETH')`.execute(
    trx,
  );
  await sql`insert into ledger_accounts (kind, chain_id, currency)
      values ('gasExpense', 31337, 'ETH'), ('gasFunding', 31337, 'ETH')`.execute(trx);
  // The sweeps: one journal per recharge, its whole value from the chain's receipts to the treasury.
  await sql`insert into ledger_journals (kind, transfer_id) select 'sweep', t.id from chain_transfers t
      where t.id <= ${upTo} and t.id % 4 <> 0 order by t.id`.execute(trx);
  await sql`insert into ledger_lines (journal_id, account_id, currency, amount)
      select j.id, case when n = 1 then r.id else tr.id end, 'USDT',
        case when n = 1 then t.amount / 1000000 else -t.amount / 1000000 end
      from ledger_journals j join chain_transfers t on t.id = j.transfer_id
      join ledger_accounts r on r.kind = 'receipts' join ledger_accounts tr on tr.kind = 'treasury'
      cross join generate_series(1, 2) n
      where j.kind = 'sweep' order by 1, 3`.execute(trx);
  // The withdrawals: one per tenth recharge, by the merchant it credited (each recharge is at least 2 USDT).
  await sql`insert into withdrawals (merchant_id, request_hash, chain_id, token, to_address, amount, fee, status,
        created_at, updated_at, from_address, nonce, tx_hash, block_number, finished_at)
      select a.merchant_id, lpad(to_hex(t.id), 64, '0'), 31337, ${token}, '0x' || lpad(to_hex(t.id), 40, '9'), 1, 0.5,
        'confirmed', now(), now(), ${treasury}, t.id, '0x' || lpad(to_hex(t.id), 64, 'e'), t.id, now()
      from chain_transfers t join receiving_addresses a on a.address = t.to_address
      where t.id <= ${upTo} and t.id % 10 = 1 order by t.id`.execute(trx);
  await sql`insert into ledger_accounts (kind, withdrawal_id) select 'withdrawal', id from withdrawals`.execute(trx);
  await sql`insert into ledger_journals (kind, withdrawal_id)
      select k, w.id from withdrawals w cross join unnest(array['withdrawalHold', 'withdrawalSent', 'gasSpent']) k
      order by w.id`.execute(trx);
  await sql`insert into ledger_lines (journal_id, account_id, currency, amount)
      select j.id, m.id, 'USDT', -1.5 from ledger_journals j join withdrawals w on w.id = j.withdrawal_id
        join ledger_accounts m on m.kind = 'merchant' and m.merchant_id = w.merchant_id where j.kind = 'withdrawalHold'
    union all
      select j.id, h.id, 'USDT', 1.5 from ledger_journals j
        join ledger_accounts h on h.kind = 'withdrawal' and h.withdrawal_id = j.withdrawal_id where j.kind = 'withdrawalHold'
    union all
      select j.id, h.id, 'USDT', -1.5 from ledger_journals j
        join ledger_accounts h on h.kind = 'withdrawal' and h.withdrawal_id = j.withdrawal_id where j.kind = 'withdrawalSent'
    union all
      select j.id, tr.id, 'USDT', 1 from ledger_journals j join ledger_accounts tr on tr.kind = 'treasury'
        where j.kind = 'withdrawalSent'
    union all
      select j.id, rv.id, 'USDT', 0.5 from ledger_journals j join ledger_accounts rv on rv.kind = 'revenue'
        where j.kind = 'withdrawalSent'
    union all
      select j.id, nh.id, 'ETH', -0.000021 from ledger_journals j join ledger_accounts nh on nh.kind = 'nativeHolder'
        where j.kind = 'gasSpent'
    union all
      select j.id, ge.id, 'ETH', 0.000021 from ledger_journals j join ledger_accounts ge on ge.kind = 'gasExpense'
        where j.kind = 'gasSpent'
    order by 1, 3`.execute(trx);
  // The treasury's ETH, put in by the operator once.
  await sql`insert into ledger_journals (kind, holder_account_id)
      select 'gasFunded', id from ledger_accounts where kind = 'nativeHolder'`.execute(trx);
  await sql`insert into ledger_lines (journal_id, account_id, currency, amount)
      select j.id, case when n = 1 then f.id else j.holder_account_id end, 'ETH', case when n = 1 then -10 else 10 end
      from ledger_journals j join ledger_accounts f on f.kind = 'gasFunding'
      cross join generate_series(1, 2) n where j.kind = 'gasFunded' order by 1, 3`.execute(trx);
}
