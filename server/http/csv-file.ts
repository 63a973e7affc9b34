import { pipeline, Readable, Transform } from "node:stream";
import { type Stringifier, stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";
import type * as z from "zod/mini";
import type { CsvDownload } from "../domain/platform/csv-download.ts";

/**
 * What a cell a spreadsheet would run as a formula starts with (OWASP): =, +, -, @, a tab or a carriage return, by
 * character code — every text cell of an export is looked at, and a regular expression cost several times as much.
 */
const formulaStarts = new Set(["=", "+", "-", "@", "\t", "\r"].map((c) => c.charCodeAt(0)));
/** A plain number (a decimal string such as "-1.5") is no formula: it keeps its sign. */
const plainNumber = /^-?\d+(\.\d+)?$/;

/** A text cell as written: one that a spreadsheet would take for a formula gets a leading apostrophe (OWASP). */
export const guardFormula = (value: string): string =>
  formulaStarts.has(value.charCodeAt(0)) && !plainNumber.test(value) ? `'${value}` : value;

/** The columns of a download: its row schema's fields, in order. */
export const csvColumnsOf = (row: z.ZodMiniType): string[] => Object.keys((row as z.ZodMiniObject).shape);

/**
 * A download's rows as CSV text: a header line of the columns, then one line per row, as the rows are read (backpressure
 * from the reader reaches the reading, so memory stays flat whatever the number of rows). Null is an empty cell; text
 * is quoted where CSV needs it (commas, quotes, line breaks) and guarded against formulas.
 */
export function csvText<Row extends object>(columns: readonly string[], download: CsvDownload<Row>): Stringifier {
  const csv = stringify({
    header: true,
    columns: [...columns],
    // csv-stringify writes true as "1" and false as "": a boolean is spelt out as the wire spells it.
    cast: { string: guardFormula, boolean: (value) => String(value) },
  });
  // Each row handed on as its cells in the columns' order: csv-stringify reads an object's cells by a path lookup each
  // (a third of its time), an array's by index.
  const rows = new Transform({
    objectMode: true,
    transform(batch: readonly Row[], _encoding, done) {
      for (const row of batch) this.push(columns.map((column) => (row as Record<string, unknown>)[column]));
      done();
    },
  });
  // An error on the way ends the file with it; a reader that stops (a cancelled download) stops the reading too.
  // One batch read ahead, not Readable.from's sixteen: the database waits for the writer instead of filling memory.
  pipeline(Readable.from(download.batches, { highWaterMark: 1 }), rows, csv, () => undefined);
  return csv;
}

/** Sends a download as a CSV file (`csvText`), named as the download names it. */
export function sendCsv<Row extends object>(
  reply: FastifyReply,
  columns: readonly string[],
  download: CsvDownload<Row>,
): FastifyReply {
  const csv = csvText(columns, download);
  return reply
    .status(200)
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${download.fileName}"`)
    .header("cache-control", "no-store")
    .send(csv);
}
