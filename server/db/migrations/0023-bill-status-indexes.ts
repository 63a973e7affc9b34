import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0023_bill_status_indexes (issue 40, "an index behind every filter a page offers"): Application bills by
 * status and by notice status, newest first. The list's status and notice-status filters, and the capped count of
 * their first page, were served by the merchant's index with the status checked row by row — at a million bills the
 * count read the table in parallel (`npm run bench:lists`: 99–478 ms p95). With these the filter is a range of its
 * own index, in the list's order.
 */
export const migration0023BillStatusIndexes: Migration = {
  async up(db) {
    await sql`create index application_bills_by_status on application_bills (merchant_id, status, seen_at desc, id desc)`.execute(
      db,
    );
    await sql`create index application_bills_by_notice on application_bills (merchant_id, notice_status, seen_at desc, id desc)`.execute(
      db,
    );
  },
};
