import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0008_codes_per_requester. Shipped: never edit it, add the next one. */
export const migration0008CodesPerRequester: Migration = {
  async up(db) {
    // A code remembers the address (its /64 for IPv6) that asked for it: tries from there count on `attempts`, tries
    // from anywhere else on `stranger_attempts`, so strangers' wrong codes can neither burn it for its requester nor
    // be tried more than the code's limit themselves.
    await sql`alter table verification_codes add column requested_from text`.execute(db);
    await sql`alter table verification_codes add column stranger_attempts integer not null default 0`.execute(db);
    // Changing the password needs a code mailed to the account (besides the old password).
    await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
    await sql`alter table verification_codes add constraint verification_codes_purpose_check
        check (purpose in ('register', 'reset', 'change-password'))`.execute(db);
  },
};
