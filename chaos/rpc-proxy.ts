import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { seededRandom } from "./random.ts";
import type { ProxyMode } from "./scenario.ts";

/**
 * A JSON-RPC proxy in front of a node, which the harness tells how to misbehave (scenario.ts, ProxyMode): answer from
 * a head some blocks behind, hold requests, refuse them, answer from a stale head with what it said then, or take
 * turns between the node and a lagging backend. The server under test is given the proxy's URL as its RPC.
 */
export interface RpcProxy {
  url: string;
  /** From the next request on (a stale head is the node's head at this call). */
  set(mode: ProxyMode): Promise<void>;
  readonly mode: ProxyMode;
  /** Requests answered, by what happened to them (passed, lagged, stalled, refused, stale). */
  readonly counts: Readonly<Record<string, number>>;
  stop(): Promise<void>;
}

interface Call {
  jsonrpc?: string;
  id?: unknown;
  method: string;
  params?: unknown[];
}

const latestTags = new Set(["latest", "pending", "safe", "finalized"]);
const hex = (n: bigint) => `0x${n.toString(16)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  let mode: ProxyMode = { kind: "pass" };
  let frozenHead = 0n;
  let turn = 0;
  const coin = seededRandom(24);
  const counts: Record<string, number> = {};
  const count = (what: string) => {
    counts[what] = (counts[what] ?? 0) + 1;
  };
  /** What the node answered to block and log questions, to answer them again from a stale head. */
  const remembered = new Map<string, unknown>();
  const remember = (key: string, value: unknown) => {
    remembered.set(key, value);
    if (remembered.size > 4_000) remembered.delete(remembered.keys().next().value!);
  };

  async function ask(call: Call): Promise<unknown> {
    const response = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: call.method, params: call.params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw Object.assign(new Error(body.error.message), { rpc: body.error });
    return body.result;
  }
  const realHead = async () => BigInt((await ask({ method: "eth_blockNumber" })) as string);

  async function passOn(call: Call): Promise<unknown> {
    const result = await ask(call);
    if (call.method === "eth_getBlockByNumber" || call.method === "eth_getLogs")
      remember(`${call.method}:${JSON.stringify(call.params)}`, result);
    return result;
  }

  /** The node as a backend whose head is `limit`: nothing above it exists. */
  async function behind(call: Call, limit: bigint, stale: boolean, clampLogs = false): Promise<unknown> {
    const params = call.params ?? [];
    const key = `${call.method}:${JSON.stringify(params)}`;
    if (stale && remembered.has(key)) return remembered.get(key);
    switch (call.method) {
      case "eth_blockNumber":
        return hex(limit);
      case "eth_getBlockByNumber": {
        const tag = String(params[0]);
        if (latestTags.has(tag))
          return behind({ ...call, params: [hex(limit), ...params.slice(1)] }, limit, stale, clampLogs);
        return BigInt(tag) > limit ? null : ask(call);
      }
      case "eth_getBlockByHash": {
        const block = (await ask(call)) as { number?: string } | null;
        return block?.number && BigInt(block.number) > limit ? null : block;
      }
      case "eth_getLogs": {
        const filter = { ...(params[0] as Record<string, string>) };
        // EIP-234, one block by its hash: a node that does not have it says so, whether it clamps ranges or not.
        if (filter.blockHash) {
          const block = (await ask({ method: "eth_getBlockByHash", params: [filter.blockHash, false] })) as {
            number?: string;
          } | null;
          if (!block?.number || BigInt(block.number) > limit)
            throw Object.assign(new Error("unknown block"), { rpc: { code: -32000, message: "unknown block" } });
          return ask(call);
        }
        const to = latestTags.has(filter.toBlock ?? "latest") ? limit : BigInt(filter.toBlock!);
        const from = filter.fromBlock && !latestTags.has(filter.fromBlock) ? BigInt(filter.fromBlock) : limit;
        if (!clampLogs && (to > limit || from > limit))
          throw Object.assign(new Error("beyond head"), {
            rpc: { code: -32602, message: "block range extends beyond current head block" },
          });
        if (from > limit) return [];
        filter.toBlock = hex(to < limit ? to : limit);
        return ask({ ...call, params: [filter] });
      }
      default:
        return ask(call);
    }
  }

  async function answer(call: Call): Promise<unknown> {
    switch (mode.kind) {
      case "pass":
        count("passed");
        return passOn(call);
      case "stall":
        count("stalled");
        await sleep(mode.ms);
        return passOn(call);
      case "error":
        count("refused");
        throw Object.assign(new Error("chaos: backend unavailable"), { rpc: { code: -32000, message: "unavailable" } });
      case "lag":
        count("lagged");
        return behind(call, (await realHead()) - BigInt(mode.blocks), false, mode.clampLogs);
      case "alternate":
        // A load balancer's pick, request by request: a coin from a fixed seed, so a replay asks the same backends.
        if (coin.chance(0.5)) {
          count("passed");
          return passOn(call);
        }
        count("lagged");
        return behind(call, (await realHead()) - BigInt(mode.blocks), false, mode.clampLogs);
      case "stale":
        count("stale");
        return behind(call, frozenHead, true);
    }
  }

  const server = createServer(async (request, response) => {
    const requestTurn = turn++;
    try {
      const payload = JSON.parse(await readBody(request)) as Call | Call[];
      if (mode.kind === "error" && requestTurn % 2 === 0) {
        count("refused");
        response.writeHead(503, { "content-type": "text/plain" }).end("chaos: backend unavailable");
        return;
      }
      const one = async (call: Call) => {
        try {
          return { jsonrpc: "2.0", id: call.id, result: await answer(call) };
        } catch (error) {
          const rpc = (error as { rpc?: unknown }).rpc ?? { code: -32603, message: String(error) };
          return { jsonrpc: "2.0", id: call.id, error: rpc };
        }
      };
      const body = Array.isArray(payload) ? await Promise.all(payload.map(one)) : await one(payload);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    counts,
    async set(next) {
      if (next.kind === "stale") frozenHead = await realHead();
      mode = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
