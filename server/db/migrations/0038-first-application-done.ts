import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0038_first_application_done (issue 42): the message box's "Create your first application" to-do reads Done
 * (message_type 1) for every merchant who already has an application; from now on adding one marks it
 * (server/domain/messaging/messages.ts onApplicationAdded).
 */
export const migration0038FirstApplicationDone: Migration = {
  async up(db) {
    await sql`
        update messages set message_type = 1
        where kind = 'firstApplication' and message_type <> 1
          and exists (select 1 from applications where applications.merchant_id = messages.merchant_id)`.execute(db);
  },
};
