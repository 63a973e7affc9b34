import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minedClients } from "./mined-clients.ts";

/**
 * A node stand-in that, like anvil's automine on a loaded machine, answers a send before the transaction has a block:
 * its receipt comes after `receiptAfter` receipt requests (never when negative).
 */
const hash = `0x${"ab".repeat(32)}`;
let receiptAfter = 0;
let receiptCalls = 0;
const calls: string[] = [];
let node: Server;
let url: string;

beforeAll(async () => {
  node = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const call = JSON.parse(body) as { id: number; method: string };
    calls.push(call.method);
    let result: unknown = null;
    if (call.method === "eth_sendRawTransaction") result = hash;
    if (call.method === "eth_chainId") result = "0x7a69";
    if (call.method === "eth_getTransactionReceipt") {
      receiptCalls++;
      if (receiptAfter >= 0 && receiptCalls > receiptAfter) result = { transactionHash: hash, blockNumber: "0x7" };
    }
    response.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
  });
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(async () => {
  node.closeAllConnections();
  await new Promise((resolve) => node.close(resolve));
});

const send = (waitMs: number) =>
  minedClients(url, waitMs, 5).public.sendRawTransaction({ serializedTransaction: "0x02" });

describe("the chaos harness's senders", () => {
  it("answer a send only once the node has its receipt, and pass every other call through untouched", async () => {
    receiptAfter = 3;
    receiptCalls = 0;
    calls.length = 0;
    expect(await send(5_000)).toBe(hash);
    expect(receiptCalls).toBe(4);
    expect(calls).toEqual(["eth_sendRawTransaction", ...Array(4).fill("eth_getTransactionReceipt")]);
    calls.length = 0;
    expect(await minedClients(url).public.getChainId()).toBe(31337);
    expect(calls).toEqual(["eth_chainId"]);
  });

  it("answer a send whose receipt never comes (replaced, dropped) as the node did, once the wait is over", async () => {
    receiptAfter = -1;
    receiptCalls = 0;
    const started = Date.now();
    expect(await send(150)).toBe(hash);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(receiptCalls).toBeGreaterThan(1);
  });
});
