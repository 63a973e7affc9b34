import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createHarness, type Harness } from "../testing/harness.ts";

/**
 * Issue 25, finding 7: with no request timeout and no connection cap, 19,900 sockets sending a byte every 10 s
 * starved legitimate requests. Real sockets on a listening server, with timeouts short enough for a test.
 */
const connections = { requestTimeoutMs: 1_000, headersTimeoutMs: 1_000, checkEveryMs: 100, perAddress: 4 };
const harnesses: Harness[] = [];
const sockets: Socket[] = [];
let direct: { h: Harness; port: number };
let behindProxy: { h: Harness; port: number };

async function listening(options: Parameters<typeof createHarness>[0]) {
  const h = await createHarness(options);
  harnesses.push(h);
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const address = h.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { h, port: address.port };
}

beforeAll(async () => {
  direct = await listening({ connections });
  behindProxy = await listening({ connections, trustProxy: ["127.0.0.1"] });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(harnesses.map((h) => h.close()));
});

interface Opened {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

async function open(port: number): Promise<Opened> {
  const socket = connect({ port, host: "127.0.0.1" });
  sockets.push(socket);
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
  });
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, closed };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms))]);

/** A sign-in whose body comes a byte at a time, every `everyMs`, for as long as the socket lives. */
async function trickle(port: number, everyMs: number): Promise<Opened & { stop(): void }> {
  const opened = await open(port);
  const body = JSON.stringify({ email: "slow@example.com", password: "Slow1234x" });
  opened.socket.write(
    `POST /api/Login/Login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < body.length - 1 && !opened.socket.destroyed) opened.socket.write(body[sent++]!);
  }, everyMs);
  opened.closed.finally(() => clearInterval(timer));
  return { ...opened, stop: () => clearInterval(timer) };
}

describe("slow clients", () => {
  it("cuts a request whose body trickles in past the request timeout (408), and keeps serving others", async () => {
    const slow = await trickle(direct.port, 200);
    const answer = await within(slow.closed, 4_000);
    slow.stop();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await call(direct.h, "login", { body: { email: "x@example.com", password: "Whatever1x" } })).errCode).toBe(
      "2006",
    );
  });

  it("cuts a connection that never finishes its headers", async () => {
    const { socket, closed } = await open(direct.port);
    socket.write("POST /api/Login/Login HTTP/1.1\r\nHost: shop\r\n");
    expect(await within(closed, 4_000)).toMatch(/^HTTP\/1\.1 408 |^$/);
  });
});

describe("connections per address", () => {
  it("refuses connections past the cap (4 here) from one address, and takes them again once one closes", async () => {
    const held = await Promise.all(Array.from({ length: connections.perAddress }, () => open(direct.port)));
    const extra = await open(direct.port);
    expect(await within(extra.closed, 2_000)).toBe("");
    for (const { socket, closed } of held)
      expect(socket.destroyed || (await within(closed, 50)) === "still open").toBe(true);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await open(direct.port);
    again.socket.write("GET /api/Nothing HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n");
    expect(await within(again.closed, 2_000)).toMatch(/^HTTP\/1\.1 404 /);
    for (const { socket } of held) socket.destroy();
  });

  it("leaves the proxies TRUST_PROXY names uncapped: they speak for many clients", async () => {
    const held = await Promise.all(Array.from({ length: connections.perAddress + 3 }, () => open(behindProxy.port)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held.filter(({ socket }) => socket.destroyed)).toHaveLength(0);
    for (const { socket } of held) socket.destroy();
  });
});
