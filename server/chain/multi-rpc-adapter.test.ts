import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainAdapter } from "./chain-adapter.ts";
import { createEvmAdapter } from "./evm-adapter.ts";
import { createMultiRpcAdapter } from "./multi-rpc-adapter.ts";
import { laggingBackend, startTestChain, type TestChain } from "./test-chain.ts";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 60_000);
afterAll(() => chain?.stop());

const down: ChainAdapter = {
  chainId: 31337,
  genesisHash: () => Promise.reject(new Error("connection refused")),
  head: () => Promise.reject(new Error("connection refused")),
  blockHash: () => Promise.reject(new Error("connection refused")),
  header: () => Promise.reject(new Error("connection refused")),
  transfers: () => Promise.reject(new Error("connection refused")),
  blockTransfers: () => Promise.reject(new Error("connection refused")),
  tokenBalances: () => Promise.reject(new Error("connection refused")),
};

describe("several RPC backends of one chain", () => {
  it("follows the highest head and asks a backend that has the block, whatever order they are listed in", async () => {
    await chain.mine(10);
    const node = createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl });
    const adapter = createMultiRpcAdapter([laggingBackend(node, () => 6n), down, node]);
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
    // A block above the backend behind, by its hash: asked of one that has it, and from another backend an error.
    const top = { block: head, tokens: [chain.token], watched: query.watched };
    await expect(adapter.blockTransfers(top)).resolves.toEqual([]);
    await expect(laggingBackend(node, () => 6n).blockTransfers(top)).rejects.toThrow(/unknown block/);
    expect(await adapter.header(head.number)).toMatchObject({ number: head.number, hash: head.hash });
    expect(await adapter.genesisHash()).toBe(await node.genesisHash());
  });

  it("answers 'none yet' for a block no backend has reached, and fails only when every backend does", async () => {
    const node = createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl });
    const lagging = createMultiRpcAdapter([laggingBackend(node, () => 4n), down]);
    const head = await lagging.head();
    expect(await lagging.blockHash(head.number + 2n)).toBeNull();
    await expect(createMultiRpcAdapter([down, down]).head()).rejects.toThrow(/connection refused/);
  });
});
