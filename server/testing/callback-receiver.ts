import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCallback {
  /** The request's path, e.g. /Shop/recharge. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  body: Buffer;
  at: number;
}

/** How the receiver answers the n-th request (0-based): a status, or "hang" (never answers; closed at stop). */
export type ReceiverAnswer =
  | number
  | "hang"
  | { status: number; headers?: Record<string, string>; body?: string | Buffer };

export interface CallbackReceiver {
  /** http://127.0.0.1:port/callbacks/recharge */
  url: string;
  /** http://127.0.0.1:port and the path: one receiver for several applications' URLs. */
  urlFor(path: string): string;
  /** From now on every request is answered so (replaces the answer function the receiver started with). */
  answerWith(answer: ReceiverAnswer): void;
  /** Answers every request held by a "hang" answer with `status`, now. */
  release(status: number): void;
  port: number;
  received: ReceivedCallback[];
  /** The requests received with this webhook-id. */
  byEventId(id: string): ReceivedCallback[];
  /** Waits until `count` requests arrived (15 s). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A merchant's callback receiver on loopback (node:http) that records every request and answers as told (200 by default). */
export async function startCallbackReceiver(
  answer: (n: number) => ReceiverAnswer = () => 200,
): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  let answerOf = answer;
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const n = received.length;
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks), at: Date.now() });
      const reply = answerOf(n);
      if (reply === "hang") {
        hanging.add(response);
        return;
      }
      const { status, headers = {}, body = "ok" } = typeof reply === "number" ? { status: reply } : reply;
      response.writeHead(status, { "content-type": "text/plain", ...headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callbacks/recharge`,
    port,
    urlFor: (path) => `http://127.0.0.1:${port}${path}`,
    answerWith: (next) => {
      answerOf = () => next;
    },
    release(status) {
      for (const response of hanging) response.writeHead(status, { "content-type": "text/plain" }).end("ok");
      hanging.clear();
    },
    received,
    byEventId: (id) => received.filter((r) => r.headers["webhook-id"] === id),
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} of ${count} callbacks`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
