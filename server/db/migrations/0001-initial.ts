import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0001_initial. Shipped: never edit it, add the next one. */
export const migration0001Initial: Migration = {
  async up(db) {
    await sql`
        create table merchants (
          id bigint generated always as identity (start with 100001) primary key,
          email text not null unique check (email = lower(email)),
          password_hash text not null,
          nick_name text not null default '',
          avatar text not null default '',
          language text not null default 'en-US',
          role text not null default '' check (role in ('', 'user', 'admin')),
          created_at timestamptz not null default now(),
          last_login_at timestamptz,
          last_login_ip text,
          previous_login_at timestamptz,
          previous_login_ip text
        )`.execute(db);
    await sql`
        create table sessions (
          token_hash text primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          created_at timestamptz not null default now(),
          revoked_at timestamptz
        )`.execute(db);
    await sql`create index sessions_by_merchant on sessions (merchant_id) where revoked_at is null`.execute(db);
    await sql`
        create table verification_codes (
          id bigint generated always as identity primary key,
          email text not null,
          purpose text not null check (purpose in ('register', 'reset')),
          code_hash text not null,
          expires_at timestamptz not null,
          attempts integer not null default 0,
          used_at timestamptz,
          created_at timestamptz not null default now()
        )`.execute(db);
    await sql`create index verification_codes_latest on verification_codes (email, purpose, created_at desc)`.execute(
      db,
    );
    await sql`
        create table rate_events (
          id bigint generated always as identity primary key,
          bucket text not null,
          subject text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
    await sql`create index rate_events_window on rate_events (bucket, subject, created_at)`.execute(db);
    await sql`
        create table mail_outbox (
          id bigint generated always as identity primary key,
          recipient text not null,
          subject text not null,
          body text not null,
          code text,
          created_at timestamptz not null default now(),
          sent_at timestamptz
        )`.execute(db);
    await sql`create index mail_outbox_by_recipient on mail_outbox (recipient, created_at desc)`.execute(db);
    await sql`
        create table wallets (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          product text not null,
          currency text not null,
          address text not null unique,
          created_at timestamptz not null default now(),
          unique (merchant_id, product, currency)
        )`.execute(db);
  },
};
