/**
 * The CSV writer's thread (csv-thread.ts starts it): csv-stringify, one writer per download, turning the batches of
 * cells it is sent into the file's bytes, handed back batch by batch, so that the main thread, which serves every other
 * request, does not write the files. Messages (csv-thread.ts): `open` with the columns, `rows` (a batch of the
 * download's rows, copied here), `end`, `drop`; each `rows` and `end` is answered with the bytes written since the
 * last answer, in order.
 */
import { parentPort } from "node:worker_threads";
import { type Stringifier, stringify } from "csv-stringify";
import { csvOptions } from "./csv-cells.ts";

export type ToWriter =
  | { id: number; open: readonly string[]; headers?: readonly string[] }
  | { id: number; rows: readonly object[] }
  | { id: number; end: true }
  | { id: number; drop: true };

export type FromWriter = { id: number; bytes: Uint8Array; ended: boolean } | { id: number; error: string };

interface Writing {
  columns: readonly string[];
  csv: Stringifier;
  parts: Buffer[];
}

const writings = new Map<number, Writing>();

/** The bytes written since the last answer, as one array whose memory moves to the main thread (no copy). */
function written(writing: Writing): Uint8Array {
  const bytes = new Uint8Array(writing.parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of writing.parts) {
    bytes.set(part, at);
    at += part.length;
  }
  writing.parts = [];
  return bytes;
}

const answer = (message: FromWriter) =>
  parentPort?.postMessage(message, "bytes" in message ? [message.bytes.buffer as ArrayBuffer] : []);

function open(id: number, columns: readonly string[], headers?: readonly string[]) {
  const writing: Writing = { columns, csv: stringify(csvOptions(columns, headers)), parts: [] };
  // csv-stringify hands each line on as it is written (a flowing stream): the answer after a batch holds all of it.
  writing.csv.on("data", (part: Buffer) => writing.parts.push(part));
  writing.csv.on("error", (error: Error) => {
    writings.delete(id);
    answer({ id, error: error.message });
  });
  writing.csv.on("end", () => {
    writings.delete(id);
    answer({ id, bytes: written(writing), ended: true });
  });
  writings.set(id, writing);
}

parentPort?.on("message", (message: ToWriter) => {
  if ("open" in message) return open(message.id, message.open, message.headers);
  const writing = writings.get(message.id);
  if (!writing) return;
  if ("drop" in message) {
    writings.delete(message.id);
    writing.csv.destroy();
  } else if ("end" in message) writing.csv.end();
  else {
    // Each row handed on as its cells in the columns' order: csv-stringify reads an object's cells by a path lookup
    // each (a third of its time), an array's by index.
    for (const row of message.rows)
      writing.csv.write(writing.columns.map((column) => (row as Record<string, unknown>)[column]));
    answer({ id: message.id, bytes: written(writing), ended: false });
  }
});
