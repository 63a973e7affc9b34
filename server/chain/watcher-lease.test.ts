import { sql } from "kysely";
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { watchedAddressBook } from "./address-book.ts";
import { createEvmAdapter } from "./evm-adapter.ts";
import { fenceLease, LeaseLost, leaseHolder } from "./lease.ts";
import type { ChainListener } from "./listener.ts";
import { resetChainTables, startTestChain, type TestChain, watchAddresses } from "./test-chain.ts";
import { createWatcher } from "./watcher.ts";

let database: OpenedDatabase;
let chain: TestChain;
beforeAll(async () => {
  [database, chain] = await Promise.all([createTestDatabase(), startTestChain()]);
});
afterAll(async () => {
  await Promise.all([database?.close(), chain?.stop()]);
});
beforeEach(() => resetChainTables(database.db));

const newAddress = (): Address => privateKeyToAddress(generatePrivateKey());
const leaseMs = 1_000;

/** Two server instances' watchers of one chain on one database, counting what their listeners heard together. */
async function twoInstances(ours: Address) {
  await watchAddresses(database.db, [ours]);
  const heard: string[] = [];
  const listener: ChainListener = { onTransferSeen: async (_trx, t) => void heard.push(t.txHash) };
  const start = await chain.head();
  const make = (holder: string) =>
    createWatcher(
      {
        product: "Devnet",
        chainId: 31337,
        tokens: [chain.token],
        confirmations: 2,
        startBlock: start,
        leaseMs,
        pollMs: 50,
      },
      {
        db: database.db,
        adapter: createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl }),
        addressBook: watchedAddressBook(database.db),
        listener,
        holder,
      },
    );
  return { a: make("instance-a"), b: make("instance-b"), heard };
}

const storedHashes = async () =>
  (await database.db.selectFrom("chain_transfers").select("tx_hash").orderBy("id").execute()).map((r) => r.tx_hash);

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("one watcher per chain across instances (a lease row)", () => {
  it("only one instance holds the lease; racing ticks store each transfer once", async () => {
    const ours = newAddress();
    const { a, b, heard } = await twoInstances(ours);
    expect((await a.tick()).leader).toBe(true);
    expect((await b.tick()).leader).toBe(false);
    const paid = [await chain.pay(ours, 1n), await chain.pay(ours, 2n)];
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(await storedHashes()).toEqual(paid.map((p) => p.hash));
    expect(heard).toEqual(paid.map((p) => p.hash));
    expect(await leaseHolder(database.db, 31337)).toBe("instance-a");
  });

  it("the other instance takes over when the holder's lease lapses (a crash), and misses nothing", async () => {
    const ours = newAddress();
    const { a, b, heard } = await twoInstances(ours);
    a.start();
    b.start();
    const first = await chain.pay(ours, 1n);
    await until(async () => (await storedHashes()).length === 1);
    const holder = await leaseHolder(database.db, 31337);
    const [crashed, survivor] = holder === "instance-a" ? [a, b] : [b, a];
    await crashed.abandon();
    const second = await chain.pay(ours, 2n);
    await until(async () => (await storedHashes()).length === 2, leaseMs * 5);
    expect(await leaseHolder(database.db, 31337)).toBe(survivor.holder);
    await survivor.stop();
    expect(await storedHashes()).toEqual([first.hash, second.hash]);
    expect(heard).toEqual([first.hash, second.hash]);
  });

  it("a clean stop hands the lease over at once", async () => {
    const { a, b } = await twoInstances(newAddress());
    expect((await a.tick()).leader).toBe(true);
    await a.stop();
    expect((await b.tick()).leader).toBe(true);
    expect((await a.tick()).leader).toBe(false);
  });

  it("a write by an instance whose lease was taken over is refused (fencing)", async () => {
    const { a, b } = await twoInstances(newAddress());
    await a.tick();
    await sql`update chain_leases set expires_at = now() - interval '1 second'`.execute(database.db);
    expect((await b.tick()).leader).toBe(true);
    const write = database.db.transaction().execute((trx) => fenceLease(trx, 31337, a.holder, leaseMs));
    await expect(write).rejects.toBeInstanceOf(LeaseLost);
  });
});
