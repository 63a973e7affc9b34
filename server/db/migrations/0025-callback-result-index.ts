import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0025_callback_result_index (issue 40, "an index behind every filter a page offers"): Transaction callbacks
 * by result (succeeded or not), newest first. The list's result filter, and the capped count of its first page, were
 * served by the merchant's index with each attempt's result checked row by row (`npm run bench:lists`, 100,000 bills
 * and their 111,000 attempts: 44.5 ms p95 for the first page, the count reading the whole table). With it the filter is
 * a range of its own index, in the list's order.
 */
export const migration0025CallbackResultIndex: Migration = {
  async up(db) {
    await sql`create index callback_attempts_by_result on callback_attempts (merchant_id, succeeded, sent_at desc, id desc)`.execute(
      db,
    );
  },
};
