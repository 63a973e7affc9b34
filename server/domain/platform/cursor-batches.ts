import { type Compilable, type Kysely, PGliteAdapter, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * Whether a download may read through a cursor on this database: on PostgreSQL, not on PGlite, whose one connection a
 * cursor would hold for the whole download while every other merchant's request waits. Known by the dialect's
 * adapter, which plugins and transactions keep.
 */
export const cursorsPay = (db: Kysely<DB>): boolean => !(db.getExecutor().adapter instanceof PGliteAdapter);

/**
 * Downloads that may read through a cursor at once, each holding a connection of the pool for as long as its file is
 * sent (a slow reader included); those past it read keyset batches instead (keyset-page.ts), a query each, and hold
 * none between them. Two of the pool's ten (open-database.ts, DATABASE_POOL_SIZE) leave the rest to the requests.
 */
export const cursorDownloadsAtOnce = 2;

const cursorsOpen = new WeakMap<Kysely<DB>, number>();

/** Takes one of the database's cursor places if one is free: answers how to give it back, once; else null. */
export function takeCursorPlace(db: Kysely<DB>): (() => void) | null {
  const open = cursorsOpen.get(db) ?? 0;
  if (open >= cursorDownloadsAtOnce) return null;
  cursorsOpen.set(db, open + 1);
  let given = false;
  return () => {
    if (!given) cursorsOpen.set(db, (cursorsOpen.get(db) ?? 1) - 1);
    given = true;
  };
}

/**
 * FETCH takes its count as SQL text, never as a bound value, and SQL here is fixed text (SECURITY.md 1.2.4): the sizes
 * a cursor is read in, each written out — a file's, and a test's that reads a few rows in several batches.
 */
const fetchStatements = {
  1000: sql`fetch 1000 from file_rows`,
  2: sql`fetch 2 from file_rows`,
};
export type CursorBatchSize = keyof typeof fetchStatements;

/**
 * Every row of `query` (ordered) in batches of `batchSize`, read through a cursor of the database (DECLARE … CURSOR,
 * then FETCH): the query is planned and started once, and each batch is the next rows of the same scan — where
 * keyset batches plan a query each and find their place in the index again. In a read-only transaction of its own
 * (REPEATABLE READ: the file is the rows as they were when it started, none twice and none skipped), on a connection
 * of the pool held until the last batch is read or the reader stops (a cancelled download): then the transaction ends,
 * the cursor with it, and the connection goes back to the pool. Memory holds two batches: the next is fetched while
 * the reader writes this one out. The caller holds a cursor place for it (`takeCursorPlace`) until it ends.
 */
export async function* cursorBatches<O>(
  db: Kysely<DB>,
  query: Compilable<O>,
  batchSize: CursorBatchSize,
): AsyncGenerator<O[]> {
  const trx = await db.startTransaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute();
  let next: Promise<O[]> | null = null;
  try {
    await sql`declare file_rows no scroll cursor for ${query}`.execute(trx);
    const fetch = () => fetchStatements[batchSize].execute(trx).then((r) => r.rows as O[]);
    next = fetch();
    while (next) {
      const rows: O[] = await next;
      next = rows.length === batchSize ? fetch() : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A reader that stopped early leaves a fetch under way: the connection answers it before it can roll back.
    await next?.catch(() => undefined);
    // Read only: nothing to keep. The connection goes back to the pool even if the rollback fails.
    await trx.rollback().execute();
  }
}
