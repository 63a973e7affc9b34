import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0015_application_bills (issue 27): a bill per transfer to a deposit address, the ledger's `deposit`
 * journal that credits it, and the outbox of events the callbacks (issue 28) deliver.
 */
export const migration0015ApplicationBills: Migration = {
  async up(db) {
    // Bill numbers: yyyymmdd (UTC) and this sequence's value, zero-padded, like application codes.
    await sql`create sequence application_bill_no_seq as bigint minvalue 1 start with 1`.execute(db);
    // One bill per transfer (unique transfer_id): the chain row holds from, to, amount, block and hash; the bill what
    // the merchant's side adds. Its status follows the transfer: confirming → credited, or dropped / reversed when a
    // reorganisation takes it (and back when it returns). The money is in the ledger, never here: `amount` is the
    // transfer's value in the token's unit, as the ledger credits it, for lists and callbacks.
    await sql`
        create table application_bills (
          id bigint generated always as identity primary key,
          bill_no text not null unique check (bill_no ~ '^[0-9]{8,24}$'),
          merchant_id bigint not null references merchants (id) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          deposit_address_id bigint not null references deposit_addresses (id) on delete cascade,
          transfer_id bigint not null unique references chain_transfers (id) on delete cascade,
          currency text not null check (char_length(currency) between 1 and 32),
          amount numeric(38, 18) not null check (amount >= 0),
          status text not null default 'confirming'
            check (status in ('confirming', 'credited', 'dropped', 'reversed')),
          confirmations integer not null default 0 check (confirmations >= 0),
          required integer not null check (required >= 1),
          seen_at timestamptz not null,
          credited_at timestamptz,
          removed_at timestamptz,
          notice_status text not null default 'notNotified' check (notice_status in ('notNotified', 'success', 'failed')),
          collection_amount numeric(38, 18),
          delivery_address text check (delivery_address ~ '^0x[0-9a-fA-F]{40}$'),
          transfer_amount numeric(38, 18),
          collection_tx_hash text check (collection_tx_hash ~ '^0x[0-9a-f]{64}$'),
          check ((status = 'credited') = (credited_at is not null) or status = 'reversed'),
          check (status not in ('dropped', 'reversed') or removed_at is not null)
        )`.execute(db);
    // Application bills: the merchant's own, newest first; by application; by status for the live confirmations.
    await sql`create index application_bills_by_merchant on application_bills (merchant_id, seen_at desc, id desc)`.execute(
      db,
    );
    await sql`create index application_bills_by_application on application_bills (application_id, seen_at desc, id desc)`.execute(
      db,
    );
    // A deposit credits the merchant's balance from the chain's receipts, naming its transfer. A database migrated from
    // before 0012 in one run still has that conversion's journals to check at commit, and PostgreSQL alters no table
    // with pending trigger events: they are checked now, then deferred again as 0012 declared them.
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced immediate`.execute(db);
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced deferred`.execute(db);
    await sql`alter table ledger_journals drop constraint ledger_journals_kind_check`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journals_kind_check check (kind in ('orderReceipt',
      'orderPaid', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'refund', 'reorg', 'restore', 'recovery',
      'deposit'))`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_deposit_names_transfer check (kind <> 'deposit' or transfer_id is not null)`.execute(
      db,
    );
    // Events for the merchant's systems, written in the transaction that caused them (a transactional outbox): a
    // crash after the credit cannot lose its callback. Delivery (attempts, retries, signatures) is issue 28's.
    await sql`
        create table outbox_events (
          id bigint generated always as identity primary key,
          event_id uuid not null unique,
          type text not null check (type in ('deposit.credited', 'deposit.reversed')),
          merchant_id bigint not null references merchants (id) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          bill_id bigint references application_bills (id) on delete cascade,
          payload jsonb not null,
          created_at timestamptz not null
        )`.execute(db);
    await sql`create index outbox_events_by_application on outbox_events (application_id, id)`.execute(db);
  },
};
