import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0050_invoice_refunds: a refund is a withdrawal like any other, paid from the merchant's balance through
 * the same path, that names the invoice it gives money back for. The index finds an invoice's refunds, to show them on
 * it and to count them against what it received; no foreign key cascade removes a withdrawal with its invoice.
 */
export const migration0050InvoiceRefunds: Migration = {
  async up(db) {
    await sql`alter table withdrawals add column invoice_id bigint references invoices (id)`.execute(db);
    await sql`create index withdrawals_by_invoice on withdrawals (invoice_id) where invoice_id is not null`.execute(db);
  },
};
