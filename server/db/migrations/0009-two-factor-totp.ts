import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0009_two_factor_totp (issue 25): TOTP secrets (sealed), recovery codes (hashed), sign-in challenges. */
export const migration0009TwoFactorTotp: Migration = {
  async up(db) {
    // One secret per merchant: pending until a code confirms it (enabled_at), sealed with a key from the server secret.
    // last_used_step: a code is accepted once, so no step at or before it is taken again.
    await sql`
        create table totp_factors (
          merchant_id bigint primary key references merchants (id) on delete cascade,
          secret_sealed text not null,
          enabled_at timestamptz,
          last_used_step bigint,
          created_at timestamptz not null
        )`.execute(db);
    await sql`
        create table totp_recovery_codes (
          merchant_id bigint not null references merchants (id) on delete cascade,
          code_hash text not null,
          used_at timestamptz,
          primary key (merchant_id, code_hash)
        )`.execute(db);
    // The password (or Google) step's answer when TOTP is on: no session yet, only the hash of a short-lived token.
    await sql`
        create table sign_in_challenges (
          token_hash text primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          expires_at timestamptz not null,
          attempts integer not null default 0
        )`.execute(db);
    await sql`create index sign_in_challenges_expiry on sign_in_challenges (expires_at)`.execute(db);
  },
};
