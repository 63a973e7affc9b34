import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0048_invoice_watched_chains: an invoice has its address on every configured chain that takes deposit
 * addresses, not only on those it offers, because its CREATE2 address is the same on each chain with the same factory
 * and a customer may pay it on one the invoice did not offer: that money is watched, credited and flagged `otherChain`
 * instead of lost. `invoice_watch_only` marks such an address: watched, never shown to the customer (the open API, the
 * checkout page). The addresses made before are all offered ones.
 */
export const migration0048InvoiceWatchedChains: Migration = {
  async up(db) {
    await sql`alter table deposit_addresses add column invoice_watch_only boolean not null default false`.execute(db);
    await sql`alter table deposit_addresses add constraint deposit_addresses_watch_only_invoice
      check (not invoice_watch_only or invoice_id is not null)`.execute(db);
  },
};
