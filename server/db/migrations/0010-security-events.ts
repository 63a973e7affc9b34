import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0010_security_events (issue 25): the authentication and security event log. Shipped: never edit it. */
export const migration0010SecurityEvents: Migration = {
  async up(db) {
    // One row per sign-in, refusal, password change, reset, Google link, revocation…: who (when known), from where,
    // with what browser, when, what and how it ended. Never a password, code or token (server/domain/identity/security-events.ts).
    // A merchant's rows go with the merchant; unknown e-mails' failures keep merchant_id null (operators only).
    await sql`
        create table security_events (
          id bigint generated always as identity primary key,
          merchant_id bigint references merchants (id) on delete cascade,
          kind text not null,
          outcome text not null check (outcome in ('success', 'failure', 'refused')),
          ip text not null,
          user_agent text not null,
          created_at timestamptz not null
        )`.execute(db);
    await sql`create index security_events_by_merchant on security_events (merchant_id, created_at desc, id desc) where merchant_id is not null`.execute(
      db,
    );
    // The retention prune (a year) and operators' queries by time.
    await sql`create index security_events_by_time on security_events (created_at)`.execute(db);
  },
};
