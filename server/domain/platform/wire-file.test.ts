// Runs on PGlite and on PostgreSQL: a file is read through a cursor on PostgreSQL and in keyset batches on PGlite, whose
// one connection a cursor would hold (scripts/database-tests.ts).
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedApplication, seedBill, seedMerchant } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { cursorDownloadsAtOnce, takeCursorPlace } from "./cursor-batches.ts";
import { fileBatches } from "./wire-file.ts";

process.env.PASSWORD_HASH_COST ??= "test";

let database: OpenedDatabase;
let onPostgres = false;
beforeAll(async () => {
  database = await createTestDatabase();
  onPostgres = database.engine !== undefined && "connectionString" in database.engine;
});
afterAll(() => database?.close());
beforeEach(() => resetDatabase(database.db));

const keyset = { name: "probe", time: "b.seen_at", id: "b.id" };
const sizes = { cursor: 2, keyset: 2 } as const;
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

/** A merchant's five bills, one a day, and the query of their numbers (newest first in a file). */
async function seeded(db: Kysely<DB>) {
  const { userId } = await seedMerchant(db, { email: "file@example.com", password: "Merchant7Pass" });
  const { appCode } = await seedApplication(db, { userId, name: "Shop" });
  for (let n = 2; n <= 6; n++) await seedBill(db, { userId, appCode, seenAt: day(n) });
  const query = db
    .selectFrom("application_bills as b")
    .select(["b.bill_no", sql<string>`to_char(b.seen_at at time zone 'UTC', 'DD')`.as("day")])
    .where("b.merchant_id", "=", userId);
  return { userId, appCode, query };
}

const batchDays = (read: IteratorResult<readonly { day: string }[], void>) =>
  read.done ? [] : read.value.map((row) => row.day);

/** Whether every cursor place is free: each reading gave back the place it took. */
const placesFree = (db: Kysely<DB>) => {
  const places = Array.from({ length: cursorDownloadsAtOnce }, () => takeCursorPlace(db));
  for (const place of places) place?.();
  return places.every((place) => place !== null);
};

const daysOf = async (batches: AsyncIterable<readonly { day: string }[]>) => {
  const days: string[] = [];
  for await (const batch of batches) days.push(...batch.map((row) => row.day));
  return days;
};

/**
 * The other client sessions of this database inside a transaction: the cursors being read. An autovacuum worker on the
 * database is in a transaction too, and is not ours (it made a clean-clone run count 3 cursors of 2).
 */
const openTransactions = async (db: Kysely<DB>) => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
    where datname = current_database() and xact_start is not null and pid <> pg_backend_pid()
      and backend_type = 'client backend'`.execute(db);
  return Number(rows[0]?.n);
};

describe("a file's rows", () => {
  it("are every row of the query, newest first, none twice and none skipped, batch after batch", async () => {
    const { query } = await seeded(database.db);
    expect(await daysOf(fileBatches(database.db, query, keyset, sizes))).toEqual(["06", "05", "04", "03", "02"]);
  });

  it("are the rows as they were when the reading started, on PostgreSQL (one snapshot)", async () => {
    if (!onPostgres) return;
    const { userId, appCode, query } = await seeded(database.db);
    const batches = fileBatches(database.db, query, keyset, sizes);
    const first = await batches.next();
    expect(batchDays(first)).toEqual(["06", "05"]);
    // Older than every row read so far: a batch read after it from the last row read would find it.
    await seedBill(database.db, { userId, appCode, seenAt: day(1) });
    const rest: string[] = [];
    for await (const batch of { [Symbol.asyncIterator]: () => batches }) rest.push(...batch.map((row) => row.day));
    expect(rest).toEqual(["04", "03", "02"]);
  });

  it("end the cursor's transaction and give the connection back when the reader stops", async () => {
    if (!onPostgres) return;
    const { query } = await seeded(database.db);
    for await (const _batch of fileBatches(database.db, query, keyset, sizes)) {
      expect(await openTransactions(database.db)).toBe(1);
      break;
    }
    expect(await openTransactions(database.db)).toBe(0);
    expect(placesFree(database.db)).toBe(true);
  });

  it("end with the database's error after the rows before it, met when the reader asks (it may be waiting)", async () => {
    const { query } = await seeded(database.db);
    // The fourth row divides by zero, in the second batch, read while the reader waits over the first. Volatile, so
    // that it is reckoned for the rows a batch answers only, after the sort.
    const boom = sql<number>`case when random() >= 0 then 1 / (extract(day from b.seen_at at time zone 'UTC')::int - 3) end`;
    const read: string[] = [];
    const reading = (async () => {
      for await (const batch of fileBatches(database.db, query.select(boom.as("boom")), keyset, sizes)) {
        read.push(...batch.map((row) => row.day));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await expect(reading).rejects.toThrow(/division by zero/);
    expect(read).toEqual(["06", "05"]);
    if (onPostgres) expect(await openTransactions(database.db)).toBe(0);
    expect(placesFree(database.db)).toBe(true);
  });

  it("past their patience with a reader, end the cursor's transaction, and give the rest in keyset batches", async () => {
    if (!onPostgres) return;
    const { userId, appCode, query } = await seeded(database.db);
    const batches = fileBatches(database.db, query, keyset, { ...sizes, patienceMs: 50 });
    expect(batchDays(await batches.next())).toEqual(["06", "05"]);
    await expect.poll(() => openTransactions(database.db)).toBe(0);
    expect(placesFree(database.db)).toBe(true);
    // Read from the last row given: rows written meanwhile are found now, as in any keyset batch.
    await seedBill(database.db, { userId, appCode, seenAt: day(1) });
    expect(await daysOf({ [Symbol.asyncIterator]: () => batches })).toEqual(["04", "03", "02", "01"]);
  });

  it("past the cursors allowed at once, read in keyset batches, holding no connection between them", async () => {
    const { query } = await seeded(database.db);
    const files = Array.from({ length: cursorDownloadsAtOnce + 1 }, () =>
      fileBatches(database.db, query, keyset, sizes),
    );
    const firsts = await Promise.all(files.map((file) => file.next()));
    expect(firsts.map(batchDays)).toEqual(files.map(() => ["06", "05"]));
    if (onPostgres) expect(await openTransactions(database.db)).toBe(cursorDownloadsAtOnce);
    const rests = await Promise.all(files.map((file) => daysOf({ [Symbol.asyncIterator]: () => file })));
    expect(rests).toEqual(files.map(() => ["04", "03", "02"]));
    if (onPostgres) expect(await openTransactions(database.db)).toBe(0);
  });
});
