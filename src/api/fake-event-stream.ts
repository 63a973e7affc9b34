// A server stand-in for the tests of the console's event streams (stream-calls.test.ts).

/** A server stand-in: the stream's body is a ReadableStream the test pushes chunks into (or ends, or breaks). */
export function fakeStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      cancelled = true;
    },
  });
  const requests: Request[] = [];
  const fetchImpl = (async (input: string, init: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    // Like a real fetch, an abort errors the body being read.
    init.signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream; charset=utf-8" } });
  }) as unknown as typeof fetch;
  return {
    fetchImpl,
    requests,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: (error: Error) => controller.error(error),
    cancelled: () => cancelled,
  };
}

/** One server-sent event: its name and its data as JSON (or as given, when a string). */
export const sse = (value: unknown, name: string) =>
  `event: ${name}\ndata: ${typeof value === "string" ? value : JSON.stringify(value)}\n\n`;
