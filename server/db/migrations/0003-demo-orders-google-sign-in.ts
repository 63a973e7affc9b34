import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0003_demo_orders_google_sign_in. Shipped: never edit it, add the next one. */
export const migration0003DemoOrdersGoogleSignIn: Migration = {
  async up(db) {
    // The public checkout demo (/demo01): its own table, never joined with merchants' data.
    await sql`
        create table demo_orders (
          order_code text primary key,
          amount numeric(20, 6) not null check (amount > 0),
          currency text not null default 'USDT',
          chain text not null,
          address text not null,
          status text not null default 'pending' check (status in ('pending', 'paid')),
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          paid_at timestamptz
        )`.execute(db);
    await sql`create index demo_orders_by_expiry on demo_orders (expires_at)`.execute(db);
    // Sign-in with Google: the account's stable id, so a changed e-mail at Google finds the same merchant.
    await sql`alter table merchants add column google_sub text unique`.execute(db);
  },
};
