import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0004_hardening. Shipped: never edit it, add the next one. */
export const migration0004Hardening: Migration = {
  async up(db) {
    // Throttling: one row per (bucket, subject) holding its GCRA "theoretical arrival time", so a
    // single upsert counts and decides under the row's lock. Replaces the per-event rows.
    await sql`drop table rate_events`.execute(db);
    await sql`
        create table rate_limits (
          bucket text not null,
          subject text not null,
          tat timestamptz not null,
          primary key (bucket, subject)
        )`.execute(db);
    await sql`create index rate_limits_by_tat on rate_limits (tat)`.execute(db);
    // Sessions end after an idle time as well as after an absolute lifetime.
    await sql`alter table sessions add column last_seen_at timestamptz`.execute(db);
    await sql`update sessions set last_seen_at = created_at`.execute(db);
    await sql`alter table sessions alter column last_seen_at set not null, alter column last_seen_at set default now()`.execute(
      db,
    );
    await sql`create index sessions_by_created on sessions (created_at)`.execute(db);
    // Codes are kept as salted, peppered HMACs from now on: the unsalted ones (10 minutes to live) are dropped.
    await sql`delete from verification_codes`.execute(db);
    await sql`alter table verification_codes add column salt text not null`.execute(db);
    await sql`create index verification_codes_by_expiry on verification_codes (expires_at)`.execute(db);
    // The outbox keeps a code only until it expires; the plain-text copies written so far go now.
    await sql`alter table mail_outbox add column code_expires_at timestamptz`.execute(db);
    await sql`update mail_outbox set code = null, body = '' where code is not null`.execute(db);
    await sql`create index mail_outbox_by_created on mail_outbox (created_at)`.execute(db);
  },
};
