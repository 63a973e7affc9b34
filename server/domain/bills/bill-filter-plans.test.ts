import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { billsToCount } from "./bill-wire.ts";
import { filteredBills } from "./bills.ts";

const tests = systemScope("test");
let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The plan of the bills' query under these filters, with scans of whole tables made as dear as the planner allows. */
async function planOf(filters: Parameters<typeof filteredBills>[2]): Promise<string> {
  return database.db.transaction().execute(async (trx: Kysely<DB>) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await filteredBills(trx, actFor(tests, "1"), filters).explain();
    return rows.map((row) => Object.values(row).join(" ")).join("\n");
  });
}

describe("the bills' filters", () => {
  it("find a transaction hash through an index in any case (migration 0022)", async () => {
    expect(await planOf({ txHash: `0x${"ab".repeat(32)}` })).toContain("chain_transfers_by_tx_hash");
  });

  it("count the bills of a status or a time range from application_bills alone, joining what a filter reads", async () => {
    const countPlan = (filters: Parameters<typeof filteredBills>[2]) =>
      database.db.transaction().execute(async (trx: Kysely<DB>) => {
        const scope = actFor(tests, "1");
        const query = filteredBills(trx, scope, filters, billsToCount(trx, "1")).clearSelect().select(sql`1`.as("one"));
        const rows = await query.explain();
        return rows.map((row) => Object.values(row).join(" ")).join("\n");
      });
    const byStatus = await countPlan({ status: "credited", startTime: "2026-01-01T00:00:00.000Z" });
    for (const joined of ["chain_transfers", "deposit_addresses", "applications"])
      expect(byStatus).not.toContain(joined);
    expect(await countPlan({ appCode: "2026010100000001" })).toContain("applications");
    expect(await countPlan({ txHash: `0x${"ab".repeat(32)}` })).toContain("chain_transfers");
  });

  // Which table a whole query starts from is the planner's choice by the data (the bench prints the plans at a million
  // bills); what must hold is that the address comparison the query makes can be answered by an index on each side.
  it("compare an address, as the deposit address or the sender, through an index each (migration 0022)", async () => {
    const plan = await database.db.transaction().execute(async (trx: Kysely<DB>) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const address = `0x${"cd".repeat(20)}`;
      const rows = await trx
        .selectFrom("chain_transfers as ct")
        .select("ct.id")
        .where((eb) =>
          eb.or([
            eb(eb.fn("lower", ["ct.to_address"]), "=", address),
            eb(eb.fn("lower", ["ct.from_address"]), "=", address),
          ]),
        )
        .explain();
      return rows.map((row) => Object.values(row).join(" ")).join("\n");
    });
    expect(plan).toContain("chain_transfers_by_to_address");
    expect(plan).toContain("chain_transfers_by_from_address");
  });
});
