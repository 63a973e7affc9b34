import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { mainChainQuery, receiptsByDayQuery } from "./console-overview.ts";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The plan of a query, with scans of whole tables made as dear as the planner allows. */
const planOf = (query: (trx: Kysely<DB>) => { explain(): Promise<Record<string, unknown>[]> }) =>
  database.db.transaction().execute(async (trx: Kysely<DB>) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await query(trx).explain();
    return rows.map((row) => Object.values(row).join(" ")).join("\n");
  });

/**
 * One merchant's bills through an index led by merchant_id: application_bills_by_status (merchant_id, status, seen_at)
 * serves both exactly; which of the merchant's indexes the planner takes is its choice by the statistics (an empty table
 * here), never a scan of every merchant's bills.
 */
const throughMerchantIndex = (plan: string) => {
  expect(plan).toMatch(/Index (Only )?Scan using application_bills_by_\w+ on application_bills/);
  expect(plan).toMatch(/Index Cond: \(\(?merchant_id = /);
  expect(plan).not.toMatch(/Seq Scan on application_bills/);
};

describe("the console home's figures", () => {
  it("read one merchant's credited bills of the range through an index (migrations 0015, 0023)", async () => {
    const from = new Date("2026-01-01T00:00:00.000Z");
    const until = new Date("2026-04-01T00:00:00.000Z");
    throughMerchantIndex(await planOf((trx) => receiptsByDayQuery(trx, "1", from, until)));
  });

  it("sum what is still on chain through an index too", async () => {
    throughMerchantIndex(await planOf((trx) => mainChainQuery(trx, "1")));
  });
});
