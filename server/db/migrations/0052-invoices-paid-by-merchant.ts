import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0052_invoices_paid_by_merchant (issue 70: the console home counts invoices). The home's invoices paid per
 * day read one merchant's paid invoices of the range by the time they were paid; invoices_by_merchant orders them by
 * when they were made, so the range would read every invoice the merchant ever made. One index of the paid ones.
 */
export const migration0052InvoicesPaidByMerchant: Migration = {
  async up(db) {
    await sql`create index invoices_paid_by_merchant on invoices (merchant_id, paid_at)
      where status = 'paid'`.execute(db);
  },
};
