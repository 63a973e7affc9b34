import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RpcProxy, startRpcProxy } from "./rpc-proxy.ts";

/** A node stand-in: head `head`, block n's hash `0x<n>-<era>` (a new era is a reorganisation), logs of every block. */
let head = 100;
let era = "a";
let node: Server;
let proxy: RpcProxy;
const hex = (n: number) => `0x${n.toString(16)}`;
const block = (n: number) => (n > head ? null : { number: hex(n), hash: `0x${n}-${era}` });
/** The block a hash names, if the node has it (same era, not above the head). */
const byHash = (hash: string) => {
  const [n, e] = hash.slice(2).split("-");
  return e === era ? block(Number(n)) : null;
};

beforeAll(async () => {
  node = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
    const [first] = call.params as [string | { fromBlock: string; toBlock: string; blockHash?: string }];
    const result =
      call.method === "eth_blockNumber"
        ? hex(head)
        : call.method === "eth_getBlockByNumber"
          ? block(first === "latest" ? head : Number(first))
          : call.method === "eth_getBlockByHash"
            ? byHash(first as string)
            : call.method === "eth_getLogs" && (first as { blockHash?: string }).blockHash
              ? [{ blockHash: (first as { blockHash: string }).blockHash }]
              : call.method === "eth_getLogs"
                ? Array.from(
                    {
                      length:
                        Number((first as { toBlock: string }).toBlock) -
                        Number((first as { fromBlock: string }).fromBlock) +
                        1,
                    },
                    (_, i) => ({ blockNumber: hex(Number((first as { fromBlock: string }).fromBlock) + i) }),
                  ).filter((l) => Number(l.blockNumber) <= head)
                : null;
    response.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
  });
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
  proxy = await startRpcProxy(`http://127.0.0.1:${(node.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await proxy.stop();
  node.closeAllConnections();
  await new Promise((resolve) => node.close(resolve));
});

async function rpc(
  method: string,
  params: unknown[] = [],
): Promise<{ status: number; result?: unknown; error?: unknown }> {
  const response = await fetch(proxy.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  if (response.status !== 200) return { status: response.status };
  return { status: 200, ...((await response.json()) as object) };
}

describe("the chaos RPC proxy", () => {
  it("passes requests on, and lagging answers from a head N behind: no block above it, logs past it refused or clamped", async () => {
    await proxy.set({ kind: "pass" });
    expect((await rpc("eth_blockNumber")).result).toBe(hex(100));
    await proxy.set({ kind: "lag", blocks: 5 });
    expect((await rpc("eth_blockNumber")).result).toBe(hex(95));
    expect((await rpc("eth_getBlockByNumber", ["latest", false])).result).toEqual(block(95));
    expect((await rpc("eth_getBlockByNumber", [hex(98), false])).result).toBeNull();
    expect((await rpc("eth_getBlockByNumber", [hex(90), false])).result).toEqual(block(90));
    // Logs past its head: refused, as today's clients do; or, clamping, only those up to its head.
    expect((await rpc("eth_getLogs", [{ fromBlock: hex(93), toBlock: hex(99) }])).error).toMatchObject({
      code: -32602,
    });
    expect((await rpc("eth_getLogs", [{ fromBlock: hex(90), toBlock: hex(92) }])).result).toHaveLength(3);
    await proxy.set({ kind: "lag", blocks: 5, clampLogs: true });
    const logs = (await rpc("eth_getLogs", [{ fromBlock: hex(93), toBlock: hex(99) }])).result as unknown[];
    expect(logs.map((l) => Number((l as { blockNumber: string }).blockNumber))).toEqual([93, 94, 95]);
    expect((await rpc("eth_getLogs", [{ fromBlock: hex(97), toBlock: hex(99) }])).result).toEqual([]);
  });

  it("lagging or taking turns, answers logs by block hash (EIP-234) for a block it has and an error for one above its head", async () => {
    for (const clampLogs of [false, true]) {
      await proxy.set({ kind: "lag", blocks: 5, clampLogs });
      expect((await rpc("eth_getLogs", [{ blockHash: "0x98-a" }])).error).toMatchObject({ code: -32000 });
      expect((await rpc("eth_getLogs", [{ blockHash: "0x94-a" }])).result).toEqual([{ blockHash: "0x94-a" }]);
      expect((await rpc("eth_getLogs", [{ blockHash: "0x94-x" }])).error).toMatchObject({ code: -32000 });
    }
    await proxy.set({ kind: "alternate", blocks: 5, clampLogs: true });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await rpc("eth_getLogs", [{ blockHash: "0x98-a" }]));
    // The node ahead has it; the backend behind never answers an empty list for it.
    expect(answers.some((a) => a.error)).toBe(true);
    expect(answers.filter((a) => !a.error).map((a) => a.result)).toContainEqual([{ blockHash: "0x98-a" }]);
    expect(answers.every((a) => a.error || (a.result as unknown[]).length === 1)).toBe(true);
  });

  it("refuses in turn with HTTP 503 and a JSON-RPC error, and a stall holds the answer", async () => {
    await proxy.set({ kind: "error" });
    const answers = [await rpc("eth_blockNumber"), await rpc("eth_blockNumber")];
    expect(answers.map((a) => a.status).sort()).toEqual([200, 503]);
    expect(answers.find((a) => a.status === 200)?.error).toMatchObject({ code: -32000 });
    await proxy.set({ kind: "stall", ms: 300 });
    const started = Date.now();
    expect((await rpc("eth_blockNumber")).result).toBe(hex(100));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("answers from a stale head with what it said then, after the node moved on and reorganised", async () => {
    await proxy.set({ kind: "pass" });
    expect((await rpc("eth_getBlockByNumber", [hex(99), false])).result).toEqual(block(99));
    await proxy.set({ kind: "stale" });
    head = 110;
    era = "b";
    expect((await rpc("eth_blockNumber")).result).toBe(hex(100));
    expect((await rpc("eth_getBlockByNumber", [hex(99), false])).result).toEqual({ number: hex(99), hash: "0x99-a" });
    expect((await rpc("eth_getBlockByNumber", [hex(105), false])).result).toBeNull();
  });

  it("alternates between the node and a backend N behind, request by request", async () => {
    await proxy.set({ kind: "alternate", blocks: 4 });
    const heads = [];
    for (let i = 0; i < 4; i++) heads.push((await rpc("eth_blockNumber")).result);
    expect([...new Set(heads)].sort()).toEqual([hex(106), hex(110)].sort());
    await proxy.set({ kind: "pass" });
    expect(proxy.counts.lagged).toBeGreaterThan(0);
  });
});
