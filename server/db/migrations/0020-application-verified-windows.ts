import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0020_application_verified_windows (issue 37): one checked application code opens a short verified window
 * for the session that checked it and that application (applications/verified-windows.ts), in which the application's
 * protected actions need no new code. A proof checked in a session is bound to it: only that session spends it.
 */
export const migration0020ApplicationVerifiedWindows: Migration = {
  async up(db) {
    // The session a proof was checked in (sha-256 of its token); null for a proof checked without one (scripts).
    await sql`alter table application_proofs add column session_hash text`.execute(db);
    // Keyed by the session and the application: a new code in the same session starts the window again. The row goes
    // with its session (pruned a day after it ends) and with the application; a window counts only while its
    // session is live (not revoked: sign-out ends it).
    await sql`
        create table application_verified_windows (
          session_hash text not null references sessions (token_hash) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          merchant_id bigint not null references merchants (id) on delete cascade,
          opened_at timestamptz not null,
          expires_at timestamptz not null,
          primary key (session_hash, application_id),
          check (expires_at > opened_at)
        )`.execute(db);
    await sql`create index application_verified_windows_by_expiry on application_verified_windows (expires_at)`.execute(
      db,
    );
  },
};
