import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the receiver got: its path, the Standard Webhooks headers and the JSON body's event type. */
export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  type: string;
  body: string;
}

/**
 * A merchant's callback receiver on 127.0.0.1 (test servers allow loopback callback URLs): it records every POST and
 * answers a test event 200, and a deposit event with the status set by `answerDeposits` (500 until told otherwise).
 */
export async function startReceiver() {
  const received: ReceivedCallback[] = [];
  let depositStatus = 500;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let type = "";
      try {
        type = String((JSON.parse(body) as { type?: unknown }).type ?? "");
      } catch {
        type = "(not JSON)";
      }
      received.push({ path: request.url ?? "", headers: request.headers, type, body });
      const status = type === "callback.test" ? 200 : depositStatus;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(status < 300 ? { received: type } : { error: "shop database is down" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  return {
    received,
    callbacks: { rechargeCallbackUrl: url("/callbacks/recharge"), withdrawCallbackUrl: url("/callbacks/withdraw") },
    answerDeposits(status: number) {
      depositStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
