import { type Compilable, type ControlledTransaction, type Kysely, PGliteAdapter, sql } from "kysely";
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

/** What a cursor is read with: its rows per FETCH, the place it holds, and how long it waits for its reader. */
export interface CursorReading {
  batchSize: CursorBatchSize;
  /** Gives back the cursor place the reading holds (`takeCursorPlace`), when the transaction has ended. */
  release: () => void;
  /** How long the reader may take over a batch before the cursor gives its connection back (`cursorPatienceMs`). */
  patienceMs?: number;
}

/**
 * A reader that takes longer than this over a batch (a paused download, a client that stopped reading) gets no more
 * from the cursor: its transaction would hold a connection of the pool and a snapshot, which keeps VACUUM from
 * removing what others delete, for as long as the reader waits. The rest is read another way (wire-file.ts).
 */
export const cursorPatienceMs = 10_000;

/**
 * Every row of `query` (ordered) in batches, read through a cursor of the database (DECLARE … CURSOR, then FETCH): the
 * query is planned and started once, and each batch is the next rows of the same scan — where keyset batches plan a
 * query each and find their place in the index again. In a read-only transaction of its own (REPEATABLE READ: one
 * snapshot, none twice and none skipped), on a connection of the pool. Memory holds two batches: the next is fetched
 * while the reader writes this one out. The transaction ends, the cursor with it, the connection goes back to the pool
 * and the place is given back when the last batch is read, when the reader stops (a cancelled download), and when it
 * takes longer than its patience over a batch: then the reading ends early and answers false, and the rows after the
 * last one it gave are for the caller to read.
 */
export async function* cursorBatches<O>(
  db: Kysely<DB>,
  query: Compilable<O>,
  { batchSize, release, patienceMs = cursorPatienceMs }: CursorReading,
): AsyncGenerator<O[], boolean> {
  let trx: ControlledTransaction<DB> | null = null;
  let next: Promise<O[]> | null = null;
  let ended: Promise<void> | null = null;
  const end = () => {
    ended ??= (async () => {
      try {
        // A fetch may be under way (the next batch): the connection answers it before it can roll back.
        await next?.catch(() => undefined);
        // Read only: nothing to keep. The connection goes back to the pool even if the rollback fails.
        await trx?.rollback().execute();
      } finally {
        release();
      }
    })();
    return ended;
  };
  try {
    trx = await db.startTransaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute();
    const open = trx;
    await sql`declare file_rows no scroll cursor for ${query}`.execute(open);
    const fetch = () => {
      const rows = fetchStatements[batchSize].execute(open).then((r) => r.rows as O[]);
      // Its failure is met when the batch is awaited; meanwhile (the reader busy, or waiting) it is not unhandled.
      rows.catch(() => undefined);
      return rows;
    };
    next = fetch();
    while (next) {
      const rows: O[] = await next;
      next = rows.length === batchSize ? fetch() : null;
      if (rows.length === 0) break;
      const impatient = setTimeout(() => void end().catch(() => undefined), patienceMs);
      impatient.unref();
      yield rows;
      clearTimeout(impatient);
      if (ended) return false;
    }
    return true;
  } finally {
    await end();
  }
}
