import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0045_invoice_life: an invoice's life moved by the chain's watcher and the server's clock, and its callbacks.
 *
 * - `invoices.transfers`: the transfers its life has counted (contracts/machines/invoice-transfers.ts), so its machine
 *   resumes from the row in any instance after any restart; `expiry_reached_at`: when the expiry sweep (or a transfer
 *   heard after `expires_at`) told it its time had run out. The sweep's index holds only the invoices still waiting
 *   for that.
 * - `invoice.processing|paid|expired|cancelled` events tell of an invoice (`invoice_id`), one subject per event.
 */
const eventTypes = sql.raw(
  `'deposit.credited', 'deposit.reversed', 'withdrawal.awaitingApproval', 'withdrawal.requested', 'withdrawal.signed', 'withdrawal.broadcast', 'withdrawal.confirmed', 'withdrawal.failed', 'invoice.processing', 'invoice.paid', 'invoice.expired', 'invoice.cancelled'`,
);

export const migration0045InvoiceLife: Migration = {
  async up(db) {
    await sql`alter table invoices add column transfers jsonb not null default '[]'`.execute(db);
    await sql`alter table invoices add column expiry_reached_at timestamptz`.execute(db);
    await sql`create index invoices_expiry_due on invoices (expires_at)
      where status in ('new', 'processing') and expiry_reached_at is null`.execute(db);
    await sql`alter table outbox_events add column invoice_id bigint references invoices (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table outbox_events drop constraint outbox_events_one_subject`.execute(db);
    await sql`alter table outbox_events add constraint outbox_events_one_subject
      check (num_nonnulls(bill_id, withdrawal_id, invoice_id) <= 1)`.execute(db);
    await sql`alter table callback_deliveries add column invoice_id bigint references invoices (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table callback_deliveries drop constraint callback_deliveries_one_subject`.execute(db);
    await sql`alter table callback_deliveries add constraint callback_deliveries_one_subject
      check (num_nonnulls(bill_id, withdrawal_id, invoice_id) <= 1)`.execute(db);
    await sql`alter table outbox_events drop constraint outbox_events_type_check`.execute(db);
    await sql`alter table outbox_events add constraint outbox_events_type_check check (type in (${eventTypes}))`.execute(
      db,
    );
    await sql`alter table callback_deliveries drop constraint callback_deliveries_event_type_check`.execute(db);
    await sql`alter table callback_deliveries add constraint callback_deliveries_event_type_check
      check (event_type in (${eventTypes}, 'callback.test'))`.execute(db);
    await sql`create index callback_deliveries_by_invoice on callback_deliveries (invoice_id) where invoice_id is not null`.execute(
      db,
    );
  },
};
