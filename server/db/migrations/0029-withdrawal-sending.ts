import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0029_withdrawal_sending (issue 41): withdrawals leave the treasury. Each sending account has one nonce
 * sequence, here, whatever the number of server instances (`sending_accounts`: a nonce is taken by the update that
 * moves `next_nonce`, in the transaction that stores what was signed with it). Every transaction signed for a
 * withdrawal is stored before it is broadcast (`withdrawal_transactions`: the first, and any replacement with the same
 * nonce and higher fees), so a server killed in between broadcasts the same bytes again, never a second payment; a
 * nonce is one withdrawal's (`withdrawals_nonce`), so of its transactions at most one is ever mined.
 * Paid, a withdrawal's held money leaves the books: the amount from the treasury, the fee to revenue
 * (`withdrawalSent`, once per withdrawal); only a sweep or a withdrawal of the treasury's own chain and token moves
 * the treasury account.
 */
export const migration0029WithdrawalSending: Migration = {
  async up(db) {
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced immediate`.execute(db);
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced deferred`.execute(db);
    await sql`
        create table sending_accounts (
          chain_id integer not null,
          address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
          next_nonce bigint not null check (next_nonce >= 0),
          primary key (chain_id, address)
        )`.execute(db);
    await sql`
        create table withdrawal_transactions (
          id bigint generated always as identity primary key,
          withdrawal_id bigint not null references withdrawals (id) on delete cascade,
          chain_id integer not null,
          from_address text not null,
          nonce bigint not null,
          raw_tx text not null check (raw_tx ~ '^0x[0-9a-f]+$'),
          tx_hash text not null unique check (tx_hash ~ '^0x[0-9a-f]{64}$'),
          max_fee_per_gas numeric(78, 0) not null,
          max_priority_fee_per_gas numeric(78, 0) not null,
          signed_at timestamptz not null,
          broadcast_at timestamptz
        )`.execute(db);
    await sql`create index withdrawal_transactions_by_withdrawal on withdrawal_transactions (withdrawal_id, id)`.execute(
      db,
    );
    await sql`alter table withdrawals add column from_address text`.execute(db);
    await sql`alter table withdrawals add column nonce bigint`.execute(db);
    await sql`alter table withdrawals add column tx_hash text`.execute(db);
    await sql`alter table withdrawals add column block_number bigint`.execute(db);
    await sql`alter table withdrawals add column gas_fee numeric(78, 0)`.execute(db);
    await sql`alter table withdrawals add column finished_at timestamptz`.execute(db);
    await sql`create unique index withdrawals_nonce on withdrawals (chain_id, from_address, nonce) where nonce is not null`.execute(
      db,
    );
    await sql`create index withdrawals_to_send on withdrawals (chain_id, id) where status in ('requested', 'signed', 'broadcast')`.execute(
      db,
    );
    await sql`alter table ledger_journals drop constraint ledger_journals_kind_check`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journals_kind_check check (kind in ('orderReceipt',
      'orderPaid', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'refund', 'reorg', 'restore', 'recovery',
      'deposit', 'sweep', 'withdrawalHold', 'withdrawalRelease', 'withdrawalSent'))`.execute(db);
    await sql`alter table ledger_journals drop constraint ledger_withdrawal_names_it`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_withdrawal_names_it
      check (kind not in ('withdrawalHold', 'withdrawalRelease', 'withdrawalSent') or withdrawal_id is not null)`.execute(
      db,
    );
    await sql`drop index ledger_journals_withdrawal`.execute(db);
    await sql`create unique index ledger_journals_withdrawal on ledger_journals (withdrawal_id, kind)
      where kind in ('withdrawalHold', 'withdrawalRelease', 'withdrawalSent')`.execute(db);
    await sql`
        create or replace function ledger_post_line() returns trigger language plpgsql as $$
        declare
          acct record;
          journal record;
          moved record;
        begin
          update ledger_accounts set balance = balance + new.amount where id = new.account_id
            returning kind, chain_id, token, decimals into acct;
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
              raise exception 'ledger: only a sweep or a withdrawal moves the treasury (journal %)', new.journal_id
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
