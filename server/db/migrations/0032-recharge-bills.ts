import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0032_recharge_bills (issue 41, "Recharge bills"): every credit of a merchant's balance by a chain transfer
 * that is not an application deposit — a transfer to the payment address of no order (`unmatched`), one after its
 * order's window (`late`), what was paid beyond an order's amount (`excess`), the money of an order that closed unpaid
 * (`orderClosed`) — one row per such ledger journal, numbered for people from the application bills' sequence, so that
 * no two bills of either kind share a number.
 *
 * The rows are written by the ledger itself: a trigger on ledger_lines adds one for each positive line of a merchant's
 * account whose journal is of one of those kinds and names its transfer, in the transaction that posts it, so the
 * list and the books cannot disagree whichever code path credits the balance. A reorganisation that takes the
 * transfer away and the restore that brings it back are journals of their own; the list reads them by transfer.
 */
export const migration0032RechargeBills: Migration = {
  async up(db) {
    await sql`
        create table recharge_bills (
          id bigint generated always as identity primary key,
          bill_no text not null unique check (bill_no ~ '^[0-9]{8,24}$'),
          merchant_id bigint not null references merchants (id) on delete cascade,
          journal_id bigint not null unique references ledger_journals (id),
          transfer_id bigint not null references chain_transfers (id),
          reason text not null check (reason in ('unmatched', 'late', 'excess', 'orderClosed')),
          order_id bigint references orders (id),
          amount numeric(38, 18) not null check (amount > 0),
          created_at timestamptz not null
        )`.execute(db);
    await sql`create index recharge_bills_by_merchant on recharge_bills (merchant_id, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index recharge_bills_by_transfer on recharge_bills (transfer_id)`.execute(db);
    await sql`
        create function recharge_bill_of_line() returns trigger language plpgsql as $$
        declare
          acct record;
          journal record;
        begin
          select kind, merchant_id into acct from ledger_accounts where id = new.account_id;
          if acct.kind <> 'merchant' then
            return null;
          end if;
          select id, kind, transfer_id, order_id, created_at into journal from ledger_journals where id = new.journal_id;
          if journal.transfer_id is null or journal.kind not in ('unmatched', 'late', 'orderPaid', 'orderClosed') then
            return null;
          end if;
          insert into recharge_bills (bill_no, merchant_id, journal_id, transfer_id, reason, order_id, amount, created_at)
            values (
              to_char(journal.created_at at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('application_bill_no_seq')::text, 10, '0'),
              acct.merchant_id, journal.id, journal.transfer_id,
              case journal.kind when 'orderPaid' then 'excess' else journal.kind end,
              journal.order_id, new.amount, journal.created_at);
          return null;
        end $$`.execute(db);
    await sql`create trigger ledger_lines_recharge_bill after insert on ledger_lines for each row
      when (new.amount > 0) execute function recharge_bill_of_line()`.execute(db);
    // The credits posted before this migration, oldest first so that their numbers follow their order.
    await sql`
        insert into recharge_bills (bill_no, merchant_id, journal_id, transfer_id, reason, order_id, amount, created_at)
        select to_char(c.created_at at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('application_bill_no_seq')::text, 10, '0'),
               c.merchant_id, c.journal_id, c.transfer_id, c.reason, c.order_id, c.amount, c.created_at
        from (select a.merchant_id, j.id as journal_id, j.transfer_id, j.order_id, l.amount, j.created_at,
                     case j.kind when 'orderPaid' then 'excess' else j.kind end as reason
              from ledger_lines l
              join ledger_journals j on j.id = l.journal_id
              join ledger_accounts a on a.id = l.account_id and a.kind = 'merchant'
              where l.amount > 0 and j.transfer_id is not null
                and j.kind in ('unmatched', 'late', 'orderPaid', 'orderClosed')
              order by j.created_at, j.id) c`.execute(db);
  },
};
