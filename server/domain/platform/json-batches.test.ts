// Runs on PGlite and on PostgreSQL: each engine's driver (PGlite's, pg) reads rows its own way, and JSON must read back the same.
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedApplication, seedBill, seedMerchant } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { batchesAsJsonPay } from "./json-batches.ts";
import { keysetBatches } from "./keyset-page.ts";

process.env.PASSWORD_HASH_COST ??= "test";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => resetDatabase(database.db));

const keyset = { name: "probe", time: "b.seen_at", id: "b.id" };
const collect = async <T>(batches: AsyncIterable<readonly T[]>) => {
  const rows: T[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
};

/** Bills with a column of every kind a batch carries as JSON: times (one null), money, int8, int4, booleans, json. */
async function seeded(db: Kysely<DB>) {
  const { userId } = await seedMerchant(db, { email: "json@example.com", password: "Merchant7Pass" });
  const { appCode } = await seedApplication(db, { userId, name: 'Shop, "quoted"\n=1+1' });
  const amounts = ["0.000001", "12345678901234.5", "0.1", "7", "1.234567"];
  for (const [i, amount] of amounts.entries())
    await seedBill(db, { userId, appCode, amount, seenAt: new Date(Date.UTC(2026, 0, 1 + i, 0, 0, 0, 999)) });
  await sql`update application_bills set seen_at = seen_at + interval '0.000999 second' where amount = 7`.execute(db);
  return db
    .selectFrom("application_bills as b")
    .innerJoin("applications as a", "a.id", "b.application_id")
    .select([
      "b.id",
      "b.bill_no",
      "b.amount",
      "b.seen_at",
      "b.removed_at",
      "b.confirmations",
      "a.name",
      sql<string>`b.id * 10000000000`.as("big"),
      sql<string>`b.amount * 1000000 - 0.123456789012345678`.as("money"),
      sql<boolean>`b.amount > 1`.as("large"),
      sql<{ n: number; text: string }>`json_build_object('n', b.confirmations, 'text', a.name)`.as("doc"),
    ])
    .where("b.merchant_id", "=", userId);
}

describe("an export's batches as one row of JSON each", () => {
  it("are the rows the driver gives, in order, none twice and none skipped", async () => {
    const query = await seeded(database.db);
    const plain = await collect(keysetBatches(query, keyset, 2));
    const json = await collect(keysetBatches(query, keyset, 2, database.db));
    expect(plain).toHaveLength(5);
    expect(json).toEqual(plain);
    expect(json.map((row) => row.money)).toContain("6999999.876543210987654322");
    expect(json.every((row) => row.seen_at instanceof Date && row.removed_at === null)).toBe(true);
  });

  it("read a column of a type they do not carry as the driver does", async () => {
    const query = (await seeded(database.db)).select(sql<number>`b.id::float8 / 3`.as("third"));
    const plain = await collect(keysetBatches(query, keyset, 2));
    expect(await collect(keysetBatches(query, keyset, 2, database.db))).toEqual(plain);
  });
});

describe("batches as JSON", () => {
  it("are read on PGlite only", () => {
    expect(batchesAsJsonPay(database.db)).toBe(database.engine !== undefined && "pglite" in database.engine);
  });
});
