import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the receiver got: the path, the headers and the body's exact text. */
export interface ReceivedCallback {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** What the receiver answers: a status and a body (bytes, so a test can send any). */
export interface ReceiverAnswer {
  status: number;
  body: string | Buffer;
}

export interface CallbackReceiver {
  /** `http://127.0.0.1:<port><path>`: the harness allows private targets by default. */
  url(path: string): string;
  received: ReceivedCallback[];
  /** What the next requests are answered (200 "ok" until set). */
  answerWith(answer: ReceiverAnswer): void;
  close(): Promise<void>;
}

/** A merchant's callback receiver on loopback (node:http), recording every request. */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  let answer: ReceiverAnswer = { status: 200, body: "ok" };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer.status, { "content-type": "text/plain; charset=utf-8" }).end(answer.body);
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith: (next) => {
      answer = next;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
