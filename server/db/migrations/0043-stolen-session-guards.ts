import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0043_stolen_session_guards (issue 67, "a stolen session moves no money").
 *
 * - `applications.withdraw_any_address_daily_limit`: an open-API withdrawal goes only to a usable destination of the
 *   console's address book, unless the merchant turned "any address" on for the application, with a proof: then this
 *   is the most its withdrawals to destinations outside the book may add up to over 24 hours (fees left out). Null:
 *   off, the book only.
 * - An `Idempotency-Key` belongs to the application that sent it (the console's own withdrawals have none): another
 *   application's same key is another withdrawal. The unique constraint of 0028 was per merchant; it is now per
 *   merchant and application, the console's requests counting as one more "application" (0).
 */
export const migration0043StolenSessionGuards: Migration = {
  async up(db) {
    await sql`alter table applications add column withdraw_any_address_daily_limit numeric(38, 18)
      check (withdraw_any_address_daily_limit > 0)`.execute(db);
    await sql`alter table withdrawals drop constraint withdrawals_merchant_id_idempotency_key_key`.execute(db);
    await sql`create unique index withdrawals_idempotency_key on withdrawals
      (merchant_id, coalesce(application_id, 0), idempotency_key) where idempotency_key is not null`.execute(db);
  },
};
