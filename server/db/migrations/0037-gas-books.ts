import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0037_gas_books (issue 41, "books that cover every coin"): the gas the platform's own transactions pay is
 * in the ledger, in the chain's native coin, beside the USDT accounts:
 *  - `nativeHolder`: the native coin one of the platform's addresses holds on a chain (the gas payer that sends sweeps,
 *    the treasury that sends withdrawals), one account per chain and address (`holder`), in the chain's native
 *    currency ("ETH"); never below zero;
 *  - `gasExpense`: what those transactions burnt as gas, per chain: a `gasSpent` journal (from the holder to it) per
 *    sweep (`collection_id`) or withdrawal that was mined, and a change (`gasSpent` or `gasReturned`) when a
 *    reorganisation takes it away or mines it again at another price;
 *  - `gasFunding`: the operator's coin put into a holder, per chain: a `gasFunded` journal (no cause but the holder)
 *    for what the chain shows at the holder beyond its books at a settled block — its opening balance, a top-up.
 * And the operator's own USDT in a treasury (`operatorFloat`, per chain and token): a `treasuryFunded` journal, once
 * per treasury, from the float to the treasury — the devnet's treasury is funded so at first start, and pays
 * withdrawals before any sweep has reached it.
 */
export const migration0037GasBooks: Migration = {
  async up(db) {
    // PostgreSQL alters no table with pending trigger events (see 0015): checked now, deferred again after.
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced immediate`.execute(db);
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced deferred`.execute(db);
    await sql`alter table ledger_accounts add column holder text check (holder ~ '^0x[0-9a-f]{40}$')`.execute(db);
    await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('merchant',
      'merchantDebt', 'order', 'receipts', 'treasury', 'revenue', 'reorgLoss', 'withdrawal', 'nativeHolder',
      'gasExpense', 'gasFunding', 'operatorFloat'))`.execute(db);
    await sql`alter table ledger_accounts drop constraint ledger_accounts_token_check`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_token_check
      check ((kind in ('receipts', 'treasury', 'operatorFloat')) = (chain_id is not null and token is not null and decimals is not null))`.execute(
      db,
    );
    await sql`create unique index ledger_accounts_operator_float on ledger_accounts (chain_id, token)
      where kind = 'operatorFloat'`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_native_check
      check ((kind = 'nativeHolder') = (holder is not null)
        and (kind not in ('nativeHolder', 'gasExpense', 'gasFunding') or (chain_id is not null and currency <> 'USDT')))`.execute(
      db,
    );
    await sql`alter table ledger_accounts drop constraint ledger_balance_not_negative`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_balance_not_negative
      check (kind not in ('merchant', 'order', 'revenue', 'withdrawal', 'nativeHolder', 'gasExpense', 'operatorFloat')
        or balance >= 0)`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_gas_funding_not_positive
      check (kind <> 'gasFunding' or balance <= 0)`.execute(db);
    await sql`create unique index ledger_accounts_native_holder on ledger_accounts (chain_id, holder)
      where kind = 'nativeHolder'`.execute(db);
    await sql`create unique index ledger_accounts_gas on ledger_accounts (chain_id, kind)
      where kind in ('gasExpense', 'gasFunding')`.execute(db);

    await sql`alter table ledger_journals add column collection_id bigint references collections (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table ledger_journals add column holder_account_id bigint references ledger_accounts (id)`.execute(
      db,
    );
    await sql`alter table ledger_journals drop constraint ledger_journals_kind_check`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journals_kind_check check (kind in ('orderReceipt',
      'orderPaid', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'refund', 'reorg', 'restore', 'recovery',
      'deposit', 'sweep', 'withdrawalHold', 'withdrawalRelease', 'withdrawalSent', 'gasSpent', 'gasReturned',
      'gasFunded', 'treasuryFunded'))`.execute(db);
    await sql`alter table ledger_journals drop constraint ledger_journal_has_cause`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journal_has_cause
      check (kind = 'recovery' or transfer_id is not null or order_id is not null or withdrawal_id is not null
        or collection_id is not null
        or (kind in ('gasFunded', 'treasuryFunded') and holder_account_id is not null))`.execute(db);
    await sql`create unique index ledger_journals_treasury_funded on ledger_journals (holder_account_id)
      where kind = 'treasuryFunded'`.execute(db);
    // A sweep's or a withdrawal's gas journals, found by it: what the chain that stands burnt, the first booking and
    // each change a reorganisation made (payments/gas-books.ts).
    await sql`create index ledger_journals_collection_gas on ledger_journals (collection_id)
      where kind in ('gasSpent', 'gasReturned')`.execute(db);
    await sql`create index ledger_journals_withdrawal_gas on ledger_journals (withdrawal_id)
      where kind in ('gasSpent', 'gasReturned')`.execute(db);
    await sql`
        create or replace function ledger_post_line() returns trigger language plpgsql as $$
        declare
          acct record;
          journal record;
          moved record;
        begin
          update ledger_accounts set balance = balance + new.amount where id = new.account_id
            returning kind, chain_id, token, decimals into acct;
          -- The operator's float put into this treasury (migration 0037): its own cause, no transfer.
          if acct.kind = 'treasury' and new.journal_id in
              (select id from ledger_journals where kind = 'treasuryFunded' and holder_account_id = new.account_id) then
            return null;
          end if;
          if acct.kind = 'treasury' and new.journal_id in (select id from ledger_journals where kind = 'withdrawalSent') then
            select w.chain_id, w.token into moved from ledger_journals j join withdrawals w on w.id = j.withdrawal_id
              where j.id = new.journal_id;
            if moved.chain_id <> acct.chain_id or lower(moved.token) <> lower(acct.token) then
              raise exception 'ledger: withdrawal of journal % is not of the treasury account''s chain and token',
                new.journal_id using errcode = '23514';
            end if;
            return null;
          end if;
          if acct.kind in ('receipts', 'treasury') then
            select transfer_id, kind into journal from ledger_journals where id = new.journal_id;
            if journal.transfer_id is null then
              raise exception 'ledger: a line on chain % must name its transfer (journal %)', acct.kind, new.journal_id
                using errcode = '23514';
            end if;
            if acct.kind = 'treasury' and journal.kind <> 'sweep' then
              raise exception 'ledger: only a sweep, a withdrawal or the operator''s float moves the treasury (journal %)', new.journal_id
                using errcode = '23514';
            end if;
            select chain_id, token, amount into moved from chain_transfers where id = journal.transfer_id;
            if moved.chain_id <> acct.chain_id or lower(moved.token) <> lower(acct.token) then
              raise exception 'ledger: transfer % is not of the % account''s chain and token', journal.transfer_id,
                acct.kind using errcode = '23514';
            end if;
            if journal.kind <> 'sweep' then
              insert into ledger_transfers (transfer_id, account_id, amount)
                values (journal.transfer_id, new.account_id, trunc(moved.amount / (10::numeric ^ acct.decimals), 18))
                on conflict (transfer_id) do nothing;
              update ledger_transfers set credited = credited - new.amount where transfer_id = journal.transfer_id;
            end if;
          end if;
          return null;
        end $$`.execute(db);
  },
};
