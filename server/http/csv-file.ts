import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { CsvDownload } from "../domain/platform/csv-download.ts";
import { openCsvWriting } from "./csv-thread.ts";

/**
 * A download's rows as CSV text (csv-cells.ts: a header line of the columns, then one line per row, text quoted and
 * guarded), written by csv-stringify in the writer's thread (csv-thread.ts): this thread only reads the batches and
 * hands each over. One batch is written there while the next is read here;
 * nothing more is read until the reader has taken what was written (backpressure from the reader reaches the reading,
 * so memory stays flat whatever the number of rows). A reading's error ends the file with it; a reader that stops (a
 * cancelled download) stops the reading too.
 */
export function csvText<Row extends object>(
  columns: readonly string[],
  download: CsvDownload<Row>,
  headers?: readonly string[],
): Readable {
  // One chunk at a time: the next batch is read when the reader wants more, not sooner.
  return Readable.from(csvBytes(columns, download, headers), { objectMode: false, highWaterMark: 1 });
}

async function* csvBytes<Row extends object>(
  columns: readonly string[],
  download: CsvDownload<Row>,
  headers?: readonly string[],
): AsyncGenerator<Uint8Array> {
  const writing = openCsvWriting(columns, headers);
  let ended = false;
  try {
    let written: Promise<Uint8Array> | null = null;
    for await (const batch of download.batches) {
      const next = writing.write(batch);
      // Not waited for until the next batch is read: a failing thread must not go unheard meanwhile.
      next.catch(() => undefined);
      if (written) yield* nonEmpty(await written);
      written = next;
    }
    if (written) yield* nonEmpty(await written);
    ended = true;
    yield* nonEmpty(await writing.end());
  } finally {
    if (!ended) writing.drop();
  }
}

/** A stream of bytes ends at an empty chunk: none is handed on. */
const nonEmpty = (bytes: Uint8Array): Uint8Array[] => (bytes.length > 0 ? [bytes] : []);

/** Sends a download as a CSV file (`csvText`), named as the download names it. */
export function sendCsv<Row extends object>(
  reply: FastifyReply,
  columns: readonly string[],
  download: CsvDownload<Row>,
  headers?: readonly string[],
): FastifyReply {
  const csv = csvText(columns, download, headers);
  return reply
    .status(200)
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${download.fileName}"`)
    .header("cache-control", "no-store")
    .send(csv);
}
