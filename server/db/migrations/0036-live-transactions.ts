import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0036_live_transactions (issue 41, transaction records "updated live while they count"):
 *  - every transaction record the ledger writes (migration 0033's trigger) is raised on the live channel in the same
 *    transaction, `{"stream":"transaction","merchantId":…,"key":"r<record id>"}` (server/domain/platform/live-changes.ts):
 *    whatever posts a merchant's line, the merchant's open Transaction records hear of it when it commits;
 *  - a withdrawal's transaction is followed while it counts its confirmations: the transaction seen mined, its block
 *    and how many confirmations it has (`confirmations`, null until mined, and again if a reorganisation takes it).
 */
export const migration0036LiveTransactions: Migration = {
  async up(db) {
    await sql`
        create or replace function merchant_transaction_of_line() returns trigger language plpgsql as $$
        declare
          owner bigint;
          journal record;
          record_id bigint;
        begin
          select merchant_id into owner from ledger_accounts where id = new.account_id and kind = 'merchant';
          if owner is null then
            return null;
          end if;
          select kind, created_at into journal from ledger_journals where id = new.journal_id;
          insert into merchant_transactions (merchant_id, journal_id, line_id, kind, amount, created_at)
            values (owner, new.journal_id, new.id, journal.kind, new.amount, journal.created_at)
            returning id into record_id;
          perform pg_notify('live_changes',
            json_build_object('stream', 'transaction', 'merchantId', owner::text, 'key', 'r' || record_id)::text);
          return null;
        end $$`.execute(db);
    await sql`alter table withdrawals add column seen_tx_hash text`.execute(db);
    await sql`alter table withdrawals add column seen_block_number bigint`.execute(db);
    await sql`alter table withdrawals add column confirmations integer check (confirmations >= 0)`.execute(db);
  },
};
