import { createServer, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CallbackTargets, HostResolver } from "./callback-target.ts";
import { sendCallback } from "./send-callback.ts";

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let port: number;
let received: Received[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(req, res);
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  received = [];
  answer = (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok");
});

const loopbackDns: HostResolver = async (hostname) => {
  if (hostname === "receiver.test") return ["127.0.0.1"];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};
const strict: CallbackTargets = { allowPrivate: false, resolve: loopbackDns };
const testServer: CallbackTargets = { allowPrivate: true, resolve: loopbackDns };
const event = JSON.stringify({ id: "evt_1", type: "deposit.credited", amount: "12.5" });

describe("sendCallback", () => {
  it("refuses loopback when private targets are not allowed, by IP or by a name resolving to 127.0.0.1: nothing sent", async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://receiver.test:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
    ]) {
      const result = await sendCallback({ url, body: event }, strict);
      expect(result, url).toMatchObject({ error: expect.stringMatching(/^refused \(forbidden\)/) });
    }
    expect(await sendCallback({ url: `ftp://receiver.test:${port}/`, body: event }, testServer)).toMatchObject({
      error: expect.stringMatching(/^refused \(scheme\)/),
    });
    expect(received).toEqual([]);
  });

  it("delivers to a private target when allowed (test servers): the body byte for byte, the headers, the answer", async () => {
    answer = (_req, res) => res.writeHead(201).end("thanks");
    const result = await sendCallback(
      { url: `http://receiver.test:${port}/hook?x=1`, body: event, headers: { "webhook-id": "evt_1" } },
      testServer,
    );
    expect(result).toMatchObject({ status: 201, body: "thanks", latencyMs: expect.any(Number) });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      path: "/hook?x=1",
      body: event,
      headers: { "content-type": "application/json", "webhook-id": "evt_1", host: `receiver.test:${port}` },
    });
  });

  it("does not follow a redirect, to a private address or anywhere: the 3xx is the answer", async () => {
    answer = (req, res) =>
      req.url === "/hook"
        ? res.writeHead(302, { location: `http://169.254.169.254/latest/meta-data/` }).end()
        : res.writeHead(307, { location: `http://127.0.0.1:${port}/internal` }).end();
    expect(await sendCallback({ url: `http://receiver.test:${port}/hook`, body: event }, testServer)).toMatchObject({
      status: 302,
      body: "",
    });
    expect(await sendCallback({ url: `http://receiver.test:${port}/other`, body: event }, testServer)).toMatchObject({
      status: 307,
    });
    expect(received.map((r) => r.path)).toEqual(["/hook", "/other"]);
  });

  it("gives up after the timeout when the receiver never answers", async () => {
    answer = () => {};
    const result = await sendCallback(
      { url: `http://receiver.test:${port}/slow`, body: event, timeoutMs: 200 },
      testServer,
    );
    expect(result).toMatchObject({ error: "timeout" });
    expect(result.latencyMs).toBeGreaterThanOrEqual(150);
    expect(result.latencyMs).toBeLessThan(2000);
  });

  it("reads the answer only up to the cap (4 kB by default)", async () => {
    answer = (_req, res) => res.writeHead(200).end("x".repeat(1_000_000));
    const capped = await sendCallback({ url: `http://receiver.test:${port}/big`, body: event }, testServer);
    expect(capped).toMatchObject({ status: 200 });
    expect("body" in capped && capped.body).toBe("x".repeat(4096));
    const small = await sendCallback(
      { url: `http://receiver.test:${port}/big`, body: event, maxResponseBytes: 10 },
      testServer,
    );
    expect("body" in small && small.body).toBe("x".repeat(10));
  });

  it("connects to the checked address even when DNS answers otherwise afterwards (rebinding)", async () => {
    let calls = 0;
    // First the address that was checked, then another: a second lookup at connect time would go to 127.0.0.2,
    // where nothing listens (and the system resolver does not know the name at all).
    const rebinding: HostResolver = async () => (++calls === 1 ? ["127.0.0.1"] : ["127.0.0.2"]);
    const result = await sendCallback(
      { url: `http://rebind.test:${port}/hook`, body: event },
      { allowPrivate: true, resolve: rebinding },
    );
    expect(result).toMatchObject({ status: 200, body: "ok" });
    expect(calls).toBe(1);
    expect(received.map((r) => r.path)).toEqual(["/hook"]);
  });

  it("refuses a name whose answers include a forbidden address next to a public one", async () => {
    const mixed: HostResolver = async () => ["93.184.215.14", "127.0.0.1"];
    expect(
      await sendCallback(
        { url: `http://mixed.test:${port}/hook`, body: event },
        { allowPrivate: false, resolve: mixed },
      ),
    ).toMatchObject({ error: expect.stringMatching(/^refused \(forbidden\)/) });
    expect(received).toEqual([]);
  });
});
