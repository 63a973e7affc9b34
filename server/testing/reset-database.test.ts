import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { call, createHarness, type Harness, reset, signedInMerchant } from "./harness.ts";
import { tableNames } from "../db/schema.ts";
import { seedPaidOrder } from "./seed.ts";
import { stubChainLayer } from "./stub-chain.ts";

// Runs on PGlite and on PostgreSQL: every test file's reset empties a PGlite database here and a PostgreSQL one in test:server:postgres (scripts/database-tests.ts).

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ chain: stubChainLayer() });
});
afterAll(() => h?.close());

async function tablesWithRows(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    order by c.relname`.execute(h.db);
  const filled: string[] = [];
  for (const { name } of rows) {
    const { rows: found } = await sql`select 1 from ${sql.table(name)} limit 1`.execute(h.db);
    if (found.length > 0) filled.push(name);
  }
  return filled;
}

async function writeInEveryArea(): Promise<string> {
  const m = await signedInMerchant(h);
  expect((await call(h, "userWallet", { token: m.token, params: { product: "Devnet" } })).status).toBe(200);
  await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
  // A wallet's receiving address is in no list of tables to empty: it goes because it references the merchant.
  expect(await tablesWithRows()).toEqual(expect.arrayContaining(["merchants", "receiving_addresses", "ledger_lines"]));
  return m.userId;
}

it("leaves the database as TRUNCATE … RESTART IDENTITY CASCADE of the same tables did", async () => {
  expect(await writeInEveryArea()).toBe("100001");
  await reset(h);
  const afterReset = await tablesWithRows();

  expect(await writeInEveryArea()).toBe("100001");
  await sql`truncate table ${sql.join(tableNames.map((t) => sql.table(t)))} restart identity cascade`.execute(h.db);
  expect(afterReset).toEqual(await tablesWithRows());

  expect(await writeInEveryArea()).toBe("100001");
});
