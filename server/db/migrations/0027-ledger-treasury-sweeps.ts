import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0027_ledger_treasury_sweeps (issue 41, "books that cover every coin"): collection into the treasury is a
 * ledger journal. A chain's `receipts` account stood for its tokens wherever they sat; now it stands for what sits at
 * merchants' receiving and deposit addresses, and a `treasury` account per chain and token for what the sweeps moved to
 * the treasury. A `sweep` journal moves one transfer's credited value from the first to the second (receipts +, treasury
 * −), when the sweep that carried it is confirmed and the transfer credited; its negation when either stops being so
 * (sweep-books.ts keeps each transfer's swept share at what the bills say). Like every receipts line, a sweep's names
 * its transfer, of the account's chain and token, but it credits nobody: `ledger_transfers.credited` does not move.
 * The treasury, an asset, is never above zero, as receipts are not; only a sweep moves it (withdrawals will, later).
 */
export const migration0027LedgerTreasurySweeps: Migration = {
  async up(db) {
    // PostgreSQL alters no table with pending trigger events (see 0015): checked now, deferred again after.
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced immediate`.execute(db);
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced deferred`.execute(db);
    await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check
      check (kind in ('merchant', 'merchantDebt', 'order', 'receipts', 'treasury', 'revenue', 'reorgLoss'))`.execute(
      db,
    );
    await sql`alter table ledger_accounts drop constraint ledger_accounts_check2`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_token_check
      check ((kind in ('receipts', 'treasury')) = (chain_id is not null and token is not null and decimals is not null))`.execute(
      db,
    );
    await sql`alter table ledger_accounts drop constraint ledger_receipts_not_positive`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_receipts_not_positive
      check (kind not in ('receipts', 'treasury', 'reorgLoss') or balance <= 0)`.execute(db);
    await sql`create unique index ledger_accounts_treasury on ledger_accounts (chain_id, token) where kind = 'treasury'`.execute(
      db,
    );
    await sql`alter table ledger_journals drop constraint ledger_journals_kind_check`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journals_kind_check check (kind in ('orderReceipt',
      'orderPaid', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'refund', 'reorg', 'restore', 'recovery',
      'deposit', 'sweep'))`.execute(db);
    await sql`create index ledger_journals_sweeps on ledger_journals (transfer_id) where kind = 'sweep'`.execute(db);
    await sql`
        create or replace function ledger_post_line() returns trigger language plpgsql as $$
        declare
          acct record;
          journal record;
          moved record;
        begin
          update ledger_accounts set balance = balance + new.amount where id = new.account_id
            returning kind, chain_id, token, decimals into acct;
          if acct.kind in ('receipts', 'treasury') then
            select transfer_id, kind into journal from ledger_journals where id = new.journal_id;
            if journal.transfer_id is null then
              raise exception 'ledger: a line on chain % must name its transfer (journal %)', acct.kind, new.journal_id
                using errcode = '23514';
            end if;
            if acct.kind = 'treasury' and journal.kind <> 'sweep' then
              raise exception 'ledger: only a sweep moves the treasury (journal %)', new.journal_id
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
