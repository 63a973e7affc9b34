import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0021_sign_in_codes (issue 37, "sign-in on a new device"): a code mailed for `sign-in` lets the owner on a
 * new device through the account's sign-in throttle, with the right password (identity/sign-in.ts); a two-factor
 * challenge such a sign-in answers is marked, so its codes are tried on the mailbox's budget rather than on the
 * account's, which strangers may have filled (identity/login-throttle.ts).
 */
export const migration0021SignInCodes: Migration = {
  async up(db) {
    await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
    await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset', 'change-password', 'link', 'application', 'sign-in'))`.execute(
      db,
    );
    await sql`alter table sign_in_challenges add column mailbox_proven boolean not null default false`.execute(db);
  },
};
