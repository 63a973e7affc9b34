import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0013_applications (issue 27): My applications, their credentials and the proofs that guard them. */
export const migration0013Applications: Migration = {
  async up(db) {
    // Application codes: yyyymmdd (UTC) and this sequence's value, zero-padded (server/domain/applications/).
    await sql`create sequence application_code_seq as bigint minvalue 1 start with 1`.execute(db);
    // The AppSecret is sealed (AES-256-GCM under a key derived from the server secret, bound to the app key); the one
    // before a rotation is kept, sealed too, until previous_secret_valid_until (its grace window), and never after.
    await sql`
        create table applications (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          app_code text not null unique check (app_code ~ '^[0-9]{8,24}$'),
          name text not null check (char_length(name) between 1 and 64),
          address text not null check (char_length(address) between 1 and 2048),
          recharge_callback_url text not null check (char_length(recharge_callback_url) between 1 and 2048),
          withdraw_callback_url text not null check (char_length(withdraw_callback_url) between 1 and 2048),
          remark text not null default '' check (char_length(remark) <= 500),
          status text not null default 'normal' check (status in ('normal', 'stopped')),
          app_key text not null unique,
          secret_sealed text not null,
          previous_secret_sealed text,
          previous_secret_valid_until timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          check ((previous_secret_sealed is null) = (previous_secret_valid_until is null))
        )`.execute(db);
    // My applications: the merchant's own, newest first.
    await sql`create index applications_by_merchant on applications (merchant_id, created_at desc, id desc)`.execute(
      db,
    );
    // A proof that a mailed code (and a TOTP code, when on) was checked for one merchant, application and action:
    // random, kept as a SHA-256, five minutes, single use.
    await sql`
        create table application_proofs (
          token_hash text primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          action text not null check (action in ('edit', 'credentials', 'rotate')),
          expires_at timestamptz not null,
          used_at timestamptz,
          created_at timestamptz not null
        )`.execute(db);
    await sql`create index application_proofs_by_expiry on application_proofs (expires_at)`.execute(db);
    await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
    await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset', 'change-password', 'link', 'application'))`.execute(
      db,
    );
  },
};
