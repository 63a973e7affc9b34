import { Agent, request } from "node:http";
import type { Envelope, SignedRequest } from "../../examples/open-api-client.ts";

/**
 * Sends signed requests over node:http's keep-alive sockets, one per call in flight, and parses the answer: the bench's
 * client costs the shared cores less than `fetch` (its Request, Headers and streams), so more of them go to the server.
 * A merchant's client runs on its own machine; what it sends is the same bytes either way.
 */
export function keepAlivePoster(sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const post = <T>(signed: SignedRequest) =>
    new Promise<Envelope<T>>((resolve, reject) => {
      const body = signed.body ?? "";
      // A length, as fetch sends it, not chunks: the bytes the server reads are the example client's.
      const headers = { ...signed.headers, "content-length": String(Buffer.byteLength(body)) };
      const sent = request(signed.url, { method: signed.method, headers, agent }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Envelope<T>);
          } catch (error) {
            reject(error);
          }
        });
        answer.on("error", reject);
      });
      sent.on("error", reject);
      sent.end(body);
    });
  return { post, close: () => agent.destroy() };
}
