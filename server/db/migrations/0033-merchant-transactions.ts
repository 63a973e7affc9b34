import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0033_merchant_transactions (issue 41, "Transaction records"): every line of a merchant's balance account —
 * an order paid from it, a deposit, a recharge, a withdrawal held and its fee, one given back, a reversal after a
 * reorganisation — as a record of the merchant's, newest first by its journal's time, behind an index a keyset page
 * reads (merchant, created_at desc, id desc). The ledger's lines are found by account only through a join over every
 * merchant's lines; this keeps each merchant's in one index range.
 *
 * Written by a trigger on ledger_lines in the transaction that posts the line, so no code path can move a balance
 * without its record; the lines posted before are copied in, oldest first.
 */
export const migration0033MerchantTransactions: Migration = {
  async up(db) {
    await sql`
        create table merchant_transactions (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          journal_id bigint not null references ledger_journals (id),
          line_id bigint not null unique references ledger_lines (id),
          kind text not null,
          amount numeric(38, 18) not null check (amount <> 0),
          created_at timestamptz not null
        )`.execute(db);
    await sql`create index merchant_transactions_by_merchant on merchant_transactions (merchant_id, created_at desc, id desc)`.execute(
      db,
    );
    // The list's filters: what moved (its journal's kind), and a transaction (its journals, found by transfer or withdrawal).
    await sql`create index merchant_transactions_by_kind on merchant_transactions (merchant_id, kind, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index merchant_transactions_by_journal on merchant_transactions (journal_id)`.execute(db);
    await sql`
        create function merchant_transaction_of_line() returns trigger language plpgsql as $$
        declare
          owner bigint;
          journal record;
        begin
          select merchant_id into owner from ledger_accounts where id = new.account_id and kind = 'merchant';
          if owner is null then
            return null;
          end if;
          select kind, created_at into journal from ledger_journals where id = new.journal_id;
          insert into merchant_transactions (merchant_id, journal_id, line_id, kind, amount, created_at)
            values (owner, new.journal_id, new.id, journal.kind, new.amount, journal.created_at);
          return null;
        end $$`.execute(db);
    await sql`create trigger ledger_lines_merchant_transaction after insert on ledger_lines for each row
      when (new.amount <> 0) execute function merchant_transaction_of_line()`.execute(db);
    await sql`
        insert into merchant_transactions (merchant_id, journal_id, line_id, kind, amount, created_at)
        select a.merchant_id, l.journal_id, l.id, j.kind, l.amount, j.created_at
        from ledger_lines l
        join ledger_accounts a on a.id = l.account_id and a.kind = 'merchant'
        join ledger_journals j on j.id = l.journal_id
        where l.amount <> 0
        order by j.created_at, l.id`.execute(db);
  },
};
