import { encodeFunctionData, type Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestChain, type TestChain } from "./test-chain.ts";
import { erc20Abi } from "./token-abi.ts";
import { transactionSender } from "./transaction-sender.ts";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 60_000);
afterAll(() => chain?.stop());

/** A call any account can make: a transfer of nothing to the dev account. */
const call = () => ({
  to: chain.token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [chain.dev, 0n] }),
});
const knownToNode = (hash: Hash) =>
  chain.clients.public.getTransaction({ hash }).then(
    () => true,
    () => false,
  );

describe("the transaction sender", () => {
  it("with a key of its own: records the hash before any node has the transaction, then sends it", async () => {
    const sender = transactionSender(chain.clients, await chain.payer(), 31337);
    const nonce = await sender.nextNonce();
    const seen: Array<{ hash: Hash; known: boolean }> = [];
    const hash = await sender.send({ ...call(), nonce }, async (h) => {
      seen.push({ hash: h, known: await knownToNode(h) });
    });
    expect(seen).toEqual([{ hash, known: false }]);
    expect((await chain.clients.public.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect(await sender.nextNonce()).toBe(nonce + 1);
  });

  it("with a key of its own: sends nothing when the record fails", async () => {
    const sender = transactionSender(chain.clients, await chain.payer(), 31337);
    const nonce = await sender.nextNonce();
    await expect(
      sender.send({ ...call(), nonce }, async () => {
        throw new Error("the database is gone");
      }),
    ).rejects.toThrow("the database is gone");
    expect(await sender.nextNonce()).toBe(nonce);
  });

  it("with an account the node signs for: records the hash once the node has the transaction", async () => {
    const sender = transactionSender(chain.clients, { address: chain.dev, type: "json-rpc" }, 31337);
    const nonce = await sender.nextNonce();
    const seen: Array<{ hash: Hash; known: boolean }> = [];
    const hash = await sender.send({ ...call(), nonce }, async (h) => {
      seen.push({ hash: h, known: await knownToNode(h) });
    });
    expect(seen).toEqual([{ hash, known: true }]);
    expect(await sender.nextNonce()).toBe(nonce + 1);
  });
});
