import { Worker } from "node:worker_threads";
import type { FromWriter, ToWriter } from "./csv-writer.ts";

/**
 * One download's writer in the CSV writer's thread (csv-writer.ts): `write` hands it a batch of rows (copied to the
 * thread) and answers the bytes written from it; `end` answers the last bytes;
 * `drop` forgets it (a cancelled download). Answers come in the order asked.
 */
export interface CsvWriting {
  write(rows: readonly object[]): Promise<Uint8Array>;
  end(): Promise<Uint8Array>;
  drop(): void;
}

interface Waiting {
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * The writer's thread, one for the process, started by the first download and shared by all (csv-stringify's work
 * per download is small beside the database's; a thread each would cost its start and memory per download). It keeps
 * the process alive only while a download uses it; ended by an error, the next download starts another.
 */
let thread: { worker: Worker; waiting: Map<number, Waiting[]> } | null = null;
let nextId = 1;

function writerThread() {
  if (thread) return thread;
  // A small young generation: the thread's garbage is collected sooner, before it grows the process's memory. A PGlite
  // process's second export of 100,000 bills peaked 55-72 MB over idle with V8's default, 2-13 MB with 8 MB (on
  // PostgreSQL no difference was seen).
  const worker = new Worker(new URL("./csv-writer.ts", import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const started = { worker, waiting: new Map<number, Waiting[]>() };
  const failAll = (error: Error) => {
    if (thread === started) thread = null;
    for (const line of started.waiting.values()) for (const waiting of line) waiting.reject(error);
    started.waiting.clear();
  };
  worker.on("message", (message: FromWriter) => {
    const line = started.waiting.get(message.id);
    if (!line) return;
    if ("error" in message) {
      // The thread has forgotten this download: whatever else it was asked will not be answered.
      started.waiting.delete(message.id);
      for (const waiting of line) waiting.reject(new Error(message.error));
    } else line.shift()?.resolve(message.bytes);
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the CSV writer's thread stopped (${code})`)));
  worker.unref();
  thread = started;
  return started;
}

/** A new download's writer, for `columns` (under `headers` when given). */
export function openCsvWriting(columns: readonly string[], headers?: readonly string[]): CsvWriting {
  const { worker, waiting } = writerThread();
  const id = nextId++;
  const send = (message: ToWriter) => worker.postMessage(message);
  const asked = (message: ToWriter) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const line = waiting.get(id);
      if (!line) return reject(new Error("this download's CSV writer has ended"));
      line.push({ resolve, reject });
      send(message);
    });
  const close = () => {
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
  };
  waiting.set(id, []);
  worker.ref();
  send(headers ? { id, open: columns, headers } : { id, open: columns });
  return {
    write: (rows) => asked({ id, rows }),
    end: () => asked({ id, end: true }).finally(close),
    drop: () => {
      if (waiting.has(id)) send({ id, drop: true });
      close();
    },
  };
}
