import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { recordsOf } from "./transaction-records.ts";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The plan of one merchant's records under these filters, with scans of whole tables made as dear as possible. */
const planOf = (filters: Parameters<typeof recordsOf>[2]) =>
  database.db.transaction().execute(async (trx: Kysely<DB>) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await recordsOf(trx, { merchantId: "1" }, filters).select("mt.id").explain();
    return rows.map((row) => Object.values(row).join(" ")).join("\n");
  });

describe("the transaction records' filters", () => {
  it("find a transaction hash's journals through indexes: its transfers', and its withdrawals' (migration 0042)", async () => {
    const plan = await planOf({ txHash: `0x${"ab".repeat(32)}` });
    expect(plan).toContain("chain_transfers_by_tx_hash");
    expect(plan).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) ledger_journals_by_withdrawal\b/);
    expect(plan).toContain("Index Cond: (withdrawal_id = hw.id)");
    expect(plan).not.toMatch(/Seq Scan on ledger_journals/);
  });
});
