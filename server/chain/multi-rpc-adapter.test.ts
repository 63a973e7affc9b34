import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainAdapter } from "./chain-adapter.ts";
import { createEvmAdapter } from "./evm-adapter.ts";
import { createMultiRpcAdapter } from "./multi-rpc-adapter.ts";
import { startTestChain, type TestChain } from "./test-chain.ts";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 60_000);
afterAll(() => chain?.stop());

/** A backend `lag` blocks behind the node (a load balancer's lagging member): an older head, no newer blocks. */
function behind(node: ChainAdapter, lag: bigint): ChainAdapter {
  const head = async () => (await node.head()).number - lag;
  return {
    chainId: node.chainId,
    genesisHash: () => node.genesisHash(),
    head: async () => {
      const number = await head();
      return { number, hash: (await node.blockHash(number)) as string };
    },
    blockHash: async (number) => (number > (await head()) ? null : node.blockHash(number)),
    transfers: (query) => node.transfers(query),
  };
}

const down: ChainAdapter = {
  chainId: 31337,
  genesisHash: () => Promise.reject(new Error("connection refused")),
  head: () => Promise.reject(new Error("connection refused")),
  blockHash: () => Promise.reject(new Error("connection refused")),
  transfers: () => Promise.reject(new Error("connection refused")),
};

describe("several RPC backends of one chain", () => {
  it("follows the highest head and asks a backend that has the block, whatever order they are listed in", async () => {
    await chain.mine(10);
    const node = createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl });
    const adapter = createMultiRpcAdapter([behind(node, 6n), down, node]);
    const head = await adapter.head();
    expect(head.number).toBe(await chain.head());
    expect(await adapter.blockHash(head.number)).toBe(head.hash);
    const query = {
      fromBlock: head.number - 2n,
      toBlock: head.number,
      tokens: [chain.token],
      watched: new Set(["0x000000000000000000000000000000000000dead"]),
    };
    await expect(adapter.transfers(query)).resolves.toEqual([]);
    expect(await adapter.genesisHash()).toBe(await node.genesisHash());
  });

  it("answers 'none yet' for a block no backend has reached, and fails only when every backend does", async () => {
    const node = createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl });
    const lagging = createMultiRpcAdapter([behind(node, 4n), down]);
    const head = await lagging.head();
    expect(await lagging.blockHash(head.number + 2n)).toBeNull();
    await expect(createMultiRpcAdapter([down, down]).head()).rejects.toThrow(/connection refused/);
  });
});
