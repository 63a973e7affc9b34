import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Address, decodeFunctionData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import { seedApplication, seedDepositAddress, seedMerchant } from "../testing/seed.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { watchedAddressBook } from "./address-book.ts";
import { createEvmAdapter } from "./evm-adapter.ts";
import { createMultiRpcAdapter } from "./multi-rpc-adapter.ts";
import { laggingBackend, startTestChain, type TestChain } from "./test-chain.ts";
import { erc20Abi } from "./token-abi.ts";
import { createWatcher } from "./watcher.ts";

interface RpcCall {
  id: number;
  method: string;
  params: [{ data?: Hex }, ...unknown[]];
}

/** The holder a balanceOf call asks about, lower case. */
const holderOf = (call: RpcCall) => {
  const { args } = decodeFunctionData({ abi: erc20Abi, data: call.params[0].data as Hex });
  return String(args?.[0]).toLowerCase();
};

/**
 * An RPC provider in front of the test chain that records each HTTP request's body. `refuseBatches` answers a batch as
 * providers that take none do (one error, no array); `failFor` answers an error for that holder's balance, always.
 */
async function provider(rpcUrl: string, options: { refuseBatches?: boolean; failFor?: Address | undefined } = {}) {
  const requests: (RpcCall | RpcCall[])[] = [];
  const answer = async (call: RpcCall) => {
    if (options.failFor && call.method === "eth_call" && holderOf(call) === options.failFor.toLowerCase())
      return { jsonrpc: "2.0", id: call.id, error: { code: -32000, message: "upstream timed out" } };
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(call),
    });
    return response.json();
  };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcCall | RpcCall[];
    requests.push(body);
    const reply = !Array.isArray(body)
      ? await answer(body)
      : options.refuseBatches
        ? { jsonrpc: "2.0", id: null, error: { code: -32600, message: "batch requests are not supported" } }
        : await Promise.all(body.map(answer));
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    options,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let chain: TestChain;
let database: OpenedDatabase;
beforeAll(async () => {
  [database, chain] = await Promise.all([createTestDatabase(), startTestChain()]);
});
afterAll(async () => {
  await Promise.all([database?.close(), chain?.stop()]);
});

describe("a pass's token balances", () => {
  it("go to the node in one request, each answer in its holder's place, through a backend that has the block", async () => {
    const holders = Array.from({ length: 5 }, () => privateKeyToAddress(generatePrivateKey()));
    const [, paid] = holders as [Address, Address];
    await chain.pay(paid, 7_000_000n);
    const block = await chain.head();
    const rpc = await provider(chain.rpcUrl);
    try {
      const node = createEvmAdapter({ chainId: 31337, rpcUrl: rpc.url });
      const adapter = createMultiRpcAdapter([laggingBackend(node, () => 3n), node]);
      await adapter.head();
      const before = rpc.requests.length;
      expect(await adapter.tokenBalances(chain.token, holders, block)).toEqual([0n, 7_000_000n, 0n, 0n, 0n]);
      const sent = rpc.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect((sent[0] as RpcCall[]).map(holderOf)).toEqual(holders.map((h) => h.toLowerCase()));
    } finally {
      await rpc.close();
    }
  });

  it("are asked one by one of a provider that refuses batches", async () => {
    const holders = Array.from({ length: 3 }, () => privateKeyToAddress(generatePrivateKey()));
    await chain.pay(holders[2] as Address, 5n);
    const rpc = await provider(chain.rpcUrl, { refuseBatches: true });
    try {
      const adapter = createEvmAdapter({ chainId: 31337, rpcUrl: rpc.url });
      expect(await adapter.tokenBalances(chain.token, holders, await chain.head())).toEqual([0n, 0n, 5n]);
      expect(rpc.requests.filter((r) => !Array.isArray(r))).toHaveLength(3);
    } finally {
      await rpc.close();
    }
  });

  it("fail as a whole when the node cannot answer for one holder: that one is never taken for empty", async () => {
    const holders = Array.from({ length: 3 }, () => privateKeyToAddress(generatePrivateKey()));
    const [, unanswered] = holders as [Address, Address];
    await chain.pay(unanswered, 9n);
    const rpc = await provider(chain.rpcUrl, { failFor: unanswered });
    try {
      const node = createEvmAdapter({ chainId: 31337, rpcUrl: rpc.url, retryCount: 0 });
      const adapter = createMultiRpcAdapter([node, node]);
      await adapter.head();
      await expect(adapter.tokenBalances(chain.token, holders, await chain.head())).rejects.toThrow(
        /upstream timed out/,
      );
    } finally {
      await rpc.close();
    }
  });
});

describe("the watcher's pass over new deposit addresses", () => {
  it("checks their balances in one request, and takes none the node did not answer for as having no past", async () => {
    const rpc = await provider(chain.rpcUrl);
    try {
      const settings = { product: "Devnet", chainId: 31337, tokens: [chain.token], confirmations: 3 };
      const watcher = createWatcher(
        { ...settings, startBlock: chain.deployBlock },
        {
          db: database.db,
          adapter: createEvmAdapter({ chainId: 31337, rpcUrl: rpc.url, retryCount: 0 }),
          addressBook: watchedAddressBook(database.db),
        },
      );
      await watcher.tick();
      const { userId } = await seedMerchant(database.db, { email: "past@example.com", password: "Merchant7Pass" });
      const app = await seedApplication(database.db, { userId });
      const factory = privateKeyToAddress(generatePrivateKey());
      const issued: Address[] = [];
      for (const endUserId of ["first", "second", "third"])
        issued.push(
          (await seedDepositAddress(database.db, { ...app, userId, endUserId, chainId: 31337, factory })).address,
        );
      const read = async () => {
        const rows = await database.db.selectFrom("deposit_addresses").select(["address", "history_read"]).execute();
        return issued.map((a) => rows.find((r) => r.address === a)?.history_read);
      };
      const balanceChecks = () =>
        rpc.requests.filter((r) => (Array.isArray(r) ? r : [r]).some((call) => call.method === "eth_call"));

      // The node fails the second one's balance, alone and in the batch: the pass waits, nobody is taken for quiet.
      rpc.options.failFor = issued[1];
      await watcher.tick();
      const [first] = balanceChecks();
      expect((first as RpcCall[]).map(holderOf)).toEqual(issued.map((a) => a.toLowerCase()));
      expect(await read()).toEqual([false, false, false]);

      rpc.options.failFor = undefined;
      rpc.requests.length = 0;
      await watcher.tick();
      expect(balanceChecks()).toHaveLength(1);
      expect(await read()).toEqual([true, true, true]);
    } finally {
      await rpc.close();
    }
  });
});
