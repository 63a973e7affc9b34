import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0011_google_link_tickets_sealed_mail. Shipped: never edit it, add the next one. */
export const migration0011GoogleLinkTicketsSealedMail: Migration = {
  async up(db) {
    // A Google account whose e-mail is a merchant's signs in only once that merchant proves the account is theirs (their
    // password or a mailed code): the verified Google identity waits here, behind a random ticket kept as a SHA-256.
    await sql`
        create table google_link_tickets (
          ticket_hash text primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          google_sub text not null,
          expires_at timestamptz not null,
          used_at timestamptz,
          created_at timestamptz not null default now()
        )`.execute(db);
    await sql`create index google_link_tickets_by_expiry on google_link_tickets (expires_at)`.execute(db);
    // The mailed code that proves the link has a purpose of its own.
    await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
    await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset', 'change-password', 'link'))`.execute(
      db,
    );
    // One ID token, one session: a token's SHA-256 is kept until the token expires, and a second use is refused.
    await sql`
        create table google_used_tokens (
          token_hash text primary key,
          expires_at timestamptz not null
        )`.execute(db);
    await sql`create index google_used_tokens_by_expiry on google_used_tokens (expires_at)`.execute(db);
    // Mail is delivered from the outbox, retried with a growing pause, and given up on (failed_at) when it cannot be.
    // Its body is sealed (AES-256-GCM under a key derived from the server secret), the plain code kept only on test servers.
    await sql`alter table mail_outbox add column attempts integer not null default 0`.execute(db);
    await sql`alter table mail_outbox add column next_attempt_at timestamptz`.execute(db);
    await sql`alter table mail_outbox add column failed_at timestamptz`.execute(db);
    await sql`create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null`.execute(
      db,
    );
    // Rows written so far held the code in clear: unsent ones are given up on, and no plain code or body stays.
    await sql`update mail_outbox set failed_at = now() where sent_at is null`.execute(db);
    await sql`update mail_outbox set code = null, body = '' where code is not null`.execute(db);
  },
};
