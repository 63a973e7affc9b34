import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { seedApplication, seedBill, seedCallbackDelivery, seedMerchant } from "../../testing/seed.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { filteredAttempts } from "./callback-log.ts";
import { attemptsToCount } from "./callback-wire.ts";

const tests = systemScope("test");
let database: OpenedDatabase;
let merchantId = "1";
beforeAll(async () => {
  database = await createTestDatabase();
  // Rows enough for the plans to be the planner's choice on statistics it has read (a leased database may carry an
  // earlier file's `analyze`; on tables never analysed it guesses): 5,000 attempts of one merchant, one in a hundred
  // failed, then analysed.
  const { db } = database;
  const { userId } = await seedMerchant(db, { email: "plans@example.com", password: "Merchant7Pass" });
  merchantId = userId;
  const app = await seedApplication(db, { userId });
  const bill = await seedBill(db, { userId, appCode: app.appCode });
  await seedCallbackDelivery(db, { userId, appCode: app.appCode, billNo: bill.billNo, attempts: [{ status: 500 }] });
  await sql`insert into callback_attempts (delivery_id, merchant_id, application_id, attempt_no, trigger, url,
        response_status, response_body, error, latency_ms, succeeded, sent_at, next_retry_at)
      select a.delivery_id, a.merchant_id, a.application_id, a.attempt_no + i, a.trigger, a.url,
        case when i % 100 = 0 then 500 else 200 end, a.response_body, a.error, a.latency_ms, i % 100 <> 0,
        a.sent_at + i * interval '1 second', null
      from callback_attempts a cross join generate_series(1, 5000) i`.execute(db);
  await sql`analyze`.execute(db);
});
afterAll(() => database?.close());

type Filters = Parameters<typeof filteredAttempts>[2];

/** The plan of the attempts' page query (or, `counting`, of its count) under these filters, whole-table scans made dear. */
function planOf(filters: Filters, counting = false): Promise<string> {
  return database.db.transaction().execute(async (trx: Kysely<DB>) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const scope = actFor(tests, merchantId);
    const query = counting
      ? filteredAttempts(trx, scope, filters, attemptsToCount(trx, merchantId)).clearSelect().select(sql`1`.as("one"))
      : filteredAttempts(trx, scope, filters).orderBy("at.sent_at", "desc").orderBy("at.id", "desc").limit(11);
    const rows = await query.explain();
    return rows.map((row) => Object.values(row).join(" ")).join("\n");
  });
}

describe("the transaction callbacks' filters", () => {
  it("find the attempts of a result through an index of their own, in the list's order (migration 0025)", async () => {
    expect(await planOf({ result: "failed" })).toContain("callback_attempts_by_result");
  });

  it("count the attempts of a result or a time range from callback_attempts alone, joining what a filter reads", async () => {
    const byResult = await planOf({ result: "success", startTime: "2026-01-01T00:00:00.000Z" }, true);
    for (const joined of ["callback_deliveries", "applications", "application_bills", "invoices"])
      expect(byResult).not.toContain(joined);
    expect(await planOf({ appCode: "2026010100000001" }, true)).toContain("applications");
    expect(await planOf({ eventType: "deposit.credited" }, true)).toContain("callback_deliveries");
    expect(await planOf({ billNo: "202601010000000001" }, true)).toContain("application_bills");
    expect(await planOf({ invoiceId: "Qm9vdHN0cmFwSW52b2ljZQ" }, true)).toContain("invoices");
  });
});
