import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0042_journals_by_withdrawal (issue 40: an index behind every filter). Transaction records by transaction
 * hash find the journals of the merchant's withdrawals paid by it through `ledger_journals.withdrawal_id`, which only
 * partial indexes covered (0029's by kind of hold, release and sending; 0037's gas journals): at a million bills the
 * filter read every journal (214–262 ms p95 in `npm run bench:lists`). One index of every journal that names a
 * withdrawal, whatever its kind.
 */
export const migration0042JournalsByWithdrawal: Migration = {
  async up(db) {
    await sql`create index ledger_journals_by_withdrawal on ledger_journals (withdrawal_id)
      where withdrawal_id is not null`.execute(db);
  },
};
