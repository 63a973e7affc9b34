import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0019_callback_auto_attempts (issue 28): a delivery's automatic attempts so far, kept on its row. Recording
 * an attempt read it as a count over callback_attempts inside the record's transaction; the row it locks anyway now
 * carries it (the attempt's transaction adds one for each automatic attempt it records).
 */
export const migration0019CallbackAutoAttempts: Migration = {
  async up(db) {
    await sql`
        alter table callback_deliveries
          add column auto_attempts integer not null default 0 check (auto_attempts >= 0)`.execute(db);
    // Deliveries recorded before: their count, once.
    await sql`
        update callback_deliveries d
           set auto_attempts = counted.n
          from (select delivery_id, count(*)::integer as n
                  from callback_attempts
                 where trigger = 'auto'
                 group by delivery_id) counted
         where counted.delivery_id = d.id`.execute(db);
  },
};
