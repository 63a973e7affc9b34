import type { Compilable, Kysely, SelectQueryBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { CsvDownload } from "./csv-download.ts";
import { type CursorBatchSize, cursorBatches, cursorsPay, takeCursorPlace } from "./cursor-batches.ts";
import { batchesAsJsonPay } from "./json-batches.ts";
import { type KeyColumns, type KeysetList, keyedInOrder, keysetBatches } from "./keyset-page.ts";
import { ok, type Outcome } from "./outcome.ts";

/**
 * A list's CSV file: every row of `query` in the list's order, as the wire shows it (a download's answer). Read, as the
 * file is sent, through a cursor on PostgreSQL (cursor-batches.ts) while one of its places is free; else, and always on
 * PGlite, in keyset batches (keyset-page.ts), each a query of its own so that no other request waits long behind it.
 */
export function wireFile<QDB, TB extends keyof QDB, O, W>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  fileName: string,
  toWire: (row: O) => W,
): Outcome<CsvDownload<W>> {
  return ok({
    fileName,
    batches: (async function* () {
      for await (const batch of fileBatches(db, query, list)) yield batch.map(toWire);
    })(),
  });
}

/**
 * A file's rows per query in keyset batches. Not more: from about 700 rows PostgreSQL plans a batch with parallel
 * workers (Gather Merge), whose start cost 60-110 ms a batch at a million bills on a busy 2-core machine (npm run
 * bench:lists, 2,000 a batch); on PGlite, whose batches run on the main thread, 1,000 and 2,000 a batch were at most a
 * tenth faster and held the event loop two to four times as long (p99 delay 38-87 ms, 67-125 ms, 124-318 ms).
 */
export const keysetBatchSize = 500;

/**
 * A file's rows per FETCH from a cursor: the scan goes on where it stopped, whatever the size. 2,000 were as fast
 * (npm run bench:lists' export, 1,000,000 bills, beside other work) but held the event loop longer (p99 delay 14-24 ms
 * against 10-17); 500 were no faster. Memory over idle was as noisy with either (a process's second export peaked at
 * 20-70 MB).
 */
export const cursorBatchSize: CursorBatchSize = 1000;

/**
 * The rows of a file, batch by batch, each with its keys (`sizes`: rows per FETCH and per keyset query; a test reads
 * fewer, and waits less). Through a cursor while a place is free: a place taken when the reading starts and given
 * back when it ends, however it ends; a reader that kept the cursor waiting too long (cursor-batches.ts) gets the
 * rest in keyset batches from the last row it was given.
 */
export async function* fileBatches<QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  sizes: { cursor: CursorBatchSize; keyset: number; patienceMs?: number } = {
    cursor: cursorBatchSize,
    keyset: keysetBatchSize,
  },
): AsyncGenerator<ReadonlyArray<O & KeyColumns>> {
  const json = batchesAsJsonPay(db) ? db : undefined;
  const release = cursorsPay(db) ? takeCursorPlace(db) : null;
  if (!release) {
    yield* keysetBatches(query, list, sizes.keyset, json);
    return;
  }
  let last: (O & KeyColumns) | undefined;
  const cursor = cursorBatches<O & KeyColumns>(db, keyedInOrder(query, list) as Compilable<O & KeyColumns>, {
    batchSize: sizes.cursor,
    release,
    patienceMs: sizes.patienceMs,
  });
  try {
    for (;;) {
      const read = await cursor.next();
      if (read.done) {
        if (!read.value && last) yield* keysetBatches(query, list, sizes.keyset, json, last);
        return;
      }
      last = read.value.at(-1);
      yield read.value;
    }
  } finally {
    // A reader that stopped early: the cursor's transaction ends and its place is given back.
    await cursor.return(true);
  }
}
