import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0031_withdrawal_waiting (issue 41, "a withdrawal the treasury cannot cover waits with a clear reason shown
 * to the merchant"): why a requested withdrawal is not signed yet, as the sender last found it — `treasury`: the
 * treasury's books do not cover it beside what is on its way. Cleared when it is signed.
 */
export const migration0031WithdrawalWaiting: Migration = {
  async up(db) {
    await sql`alter table withdrawals add column waiting text check (waiting in ('treasury'))`.execute(db);
  },
};
