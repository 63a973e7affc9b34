import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { invoicesPaidByDayQuery, mainChainQuery, receiptsByDayQuery } from "./console-overview.ts";

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
 * The figures migration 0041's trigger keeps, read by their key (merchant_id first): the range's days of one merchant,
 * never its bills nor another merchant's rows, whatever the bills' number.
 */
const byMerchantKey = (plan: string, table: string) => {
  expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${table}_pkey on ${table}`));
  expect(plan).toMatch(/Index Cond: \(\(?merchant_id = /);
  expect(plan).not.toMatch(/application_bills/);
};

describe("the console home's figures", () => {
  it("read one merchant's days of the range by the daily receipts' key (migration 0041)", async () => {
    const from = new Date("2026-01-01T00:00:00.000Z");
    const until = new Date("2026-04-01T00:00:00.000Z");
    byMerchantKey(await planOf((trx) => receiptsByDayQuery(trx, "1", from, until)), "merchant_daily_receipts");
  });

  it("read one merchant's invoices paid in the range by the paid invoices' index (migration 0052)", async () => {
    const from = new Date("2026-01-01T00:00:00.000Z");
    const until = new Date("2026-04-01T00:00:00.000Z");
    const plan = await planOf((trx) => invoicesPaidByDayQuery(trx, "1", from, until));
    expect(plan).toMatch(/Index (Only )?Scan using invoices_paid_by_merchant on invoices/);
    expect(plan).toMatch(/Index Cond: \(\(merchant_id = .*paid_at >= /s);
  });

  it("read what is still on chain as one merchant's row", async () => {
    byMerchantKey(await planOf((trx) => mainChainQuery(trx, "1")), "merchant_receipts_on_chain");
  });
});
