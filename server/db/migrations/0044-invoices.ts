import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0044_invoices: a merchant's invoice for one order, made through the open API, paid at addresses of its own.
 *
 * - `invoices`: the order's id is the merchant's, unique per application (the same order again answers the same
 *   invoice, so `request_hash` keeps the request it was made by); `public_id` is the unguessable id on the wire and in
 *   the checkout page's URL. `status`, `amount_received` and `flags` are moved by the invoice's life, never by a request
 *   (only a cancel, while nothing was received).
 * - Each invoice's payment address on a chain is a `deposit_addresses` row of its application with `invoice_id` set,
 *   so the deposit watcher, the ledger's credit, collection and reconcile treat it as every other deposit address. Its
 *   `end_user_id` is `invoice <public_id>`: a space no endUserId of the open API may hold, so no end user's address
 *   can be it. The package's wallet limit counts end customers' addresses, not these.
 */
export const migration0044Invoices: Migration = {
  async up(db) {
    await sql`
        create table invoices (
          id bigint generated always as identity primary key,
          public_id text not null unique check (public_id ~ '^[A-Za-z0-9_-]{22}$'),
          merchant_id bigint not null references merchants (id) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          order_id text not null check (char_length(order_id) between 1 and 128),
          amount numeric(38, 18) not null check (amount > 0),
          description text check (char_length(description) <= 500),
          customer_email text check (char_length(customer_email) <= 254),
          redirect_url text check (char_length(redirect_url) <= 2048),
          metadata jsonb not null default '{}',
          request_hash text not null,
          idempotency_key text check (char_length(idempotency_key) between 1 and 255),
          status text not null default 'new'
            check (status in ('new', 'processing', 'paid', 'expired', 'cancelled')),
          amount_received numeric(38, 18) not null default 0 check (amount_received >= 0),
          flags text[] not null default '{}'
            check (flags <@ array['underpaid', 'overpaid', 'paidLate', 'otherChain']::text[]),
          expires_at timestamptz not null,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          paid_at timestamptz,
          cancelled_at timestamptz,
          unique (application_id, order_id)
        )`.execute(db);
    await sql`create unique index invoices_idempotency_key on invoices (application_id, idempotency_key)
      where idempotency_key is not null`.execute(db);
    // The open API's list (an application's, newest first) and its status filter.
    await sql`create index invoices_by_application on invoices (application_id, created_at desc, id desc)`.execute(db);
    await sql`create index invoices_by_application_status on invoices (application_id, status, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index invoices_by_merchant on invoices (merchant_id, created_at desc, id desc)`.execute(db);
    await sql`alter table deposit_addresses add column invoice_id bigint references invoices (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table deposit_addresses add constraint deposit_addresses_invoice_application
      check (invoice_id is null or application_id is not null)`.execute(db);
    await sql`create unique index deposit_addresses_by_invoice on deposit_addresses (invoice_id, chain_id)
      where invoice_id is not null`.execute(db);
  },
};
