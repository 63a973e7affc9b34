import { createParser, type EventSourceMessage } from "eventsource-parser";

/** A server-sent-event stream as a browser reads it, for tests. */
export interface OpenedEventStream {
  status: number;
  headers: Headers;
  /** The answer's body when it is not a stream (an envelope refusal), parsed as JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of whatever envelope came back
  json: any;
  events: EventSourceMessage[];
  /** Comment lines (`: keep-alive`), as the parser hands them over. */
  comments: string[];
  /** Resolves when the server ends the stream (or it breaks). */
  ended: Promise<void>;
  /** Waits until `count` events have arrived (5 s by default). */
  waitForEvents(count: number, timeoutMs?: number): Promise<EventSourceMessage[]>;
  /** The browser goes away. */
  close(): void;
}

interface Answer {
  status: number;
  headers: Headers;
  body: AsyncIterable<Uint8Array> | null;
  abort(): void;
}

/** `fetch`, as the console does (src/api/order-events.ts). */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<OpenedEventStream> {
  const answer = await viaFetch(url, headers);
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let json: unknown = null;
  let isEnded = false;
  let ended: Promise<void>;
  const body = answer.body;
  if (!(answer.headers.get("content-type") ?? "").startsWith("text/event-stream") || !body) {
    json = await readJson(body);
    ended = Promise.resolve();
    isEnded = true;
  } else {
    const parser = createParser({
      onEvent: (event) => void events.push(event),
      onComment: (comment) => void comments.push(comment),
    });
    const decoder = new TextDecoder();
    ended = (async () => {
      try {
        for await (const chunk of body) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          wake();
        }
      } catch {
        // Aborted by close(), or broken: either way the stream is over.
      } finally {
        isEnded = true;
        wake();
      }
    })();
  }
  return {
    status: answer.status,
    headers: answer.headers,
    json,
    events,
    comments,
    ended,
    close: answer.abort,
    waitForEvents: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        const check = () => {
          if (events.length >= count) finish(() => resolve(events.slice(0, count)));
          else if (isEnded)
            finish(() => reject(new Error(`the stream ended after ${events.length} of ${count} events`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`${events.length} of ${count} events after ${timeoutMs} ms`))),
          timeoutMs,
        );
        waiters.add(check);
        check();
      }),
  };
}

async function viaFetch(url: string, headers: Record<string, string>): Promise<Answer> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  return { status: response.status, headers: response.headers, body: response.body, abort: () => controller.abort() };
}

async function readJson(body: AsyncIterable<Uint8Array> | null): Promise<unknown> {
  if (!body) return null;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}
