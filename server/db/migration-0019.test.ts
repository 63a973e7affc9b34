import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seedApplication, seedMerchant } from "../testing/seed.ts";
import { databaseUpTo } from "../testing/database-up-to.ts";
import { migrateToLatest } from "./migrations.ts";

/**
 * Migration 0019 on a database of the schema before it (0018): deliveries recorded before it get their automatic
 * attempts counted once onto the row (manual and test attempts left out), so the retry schedule goes on where it was.
 * Runs on PGlite and on PostgreSQL.
 */
const database = databaseUpTo("0018_collection");

describe("migration 0019_callback_auto_attempts", () => {
  it("counts each delivery's automatic attempts so far onto its row", async () => {
    const { db } = database;
    const { userId } = await seedMerchant(db, { email: "before@example.com", password: "Before7Pass" });
    const { applicationId } = await seedApplication(db, { userId });
    const delivery = async (triggers: string[]) => {
      const { rows } = await sql<{ id: string }>`
          insert into callback_deliveries (event_id, event_type, merchant_id, application_id, target, body, status,
            attempts, next_attempt_at, created_at)
          values (gen_random_uuid(), 'callback.test', ${userId}, ${applicationId}, 'recharge', '{}', 'pending',
            ${triggers.length}, now(), now())
          returning id`.execute(db);
      const id = rows[0]!.id;
      for (const [i, trigger] of triggers.entries())
        await sql`
            insert into callback_attempts (delivery_id, merchant_id, application_id, attempt_no, trigger, url,
              response_status, latency_ms, succeeded, sent_at)
            values (${id}, ${userId}, ${applicationId}, ${i + 1}, ${trigger}, 'http://127.0.0.1:1/', 500, 3, false,
              now())`.execute(db);
      return id;
    };
    const mixed = await delivery(["auto", "manual", "auto", "auto"]);
    const manualOnly = await delivery(["manual", "test"]);
    const none = await delivery([]);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("callback_deliveries")
      .select(["id", "attempts", "auto_attempts"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: mixed, attempts: 4, auto_attempts: 3 },
      { id: manualOnly, attempts: 2, auto_attempts: 0 },
      { id: none, attempts: 0, auto_attempts: 0 },
    ]);
  });
});
