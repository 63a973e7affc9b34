import { sql } from "kysely";
import { type Address, getAddress } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { watchedAddressBook } from "./address-book.ts";
import { createEvmAdapter } from "./evm-adapter.ts";
import type { ChainListener } from "./listener.ts";
import type { StoredTransfer } from "./store.ts";
import {
  laggingBackend,
  logsFrom,
  resetChainTables,
  startTestChain,
  type TestChain,
  watchAddresses,
} from "./test-chain.ts";
import { createWatcher, type WatcherSettings } from "./watcher.ts";

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

/** Every listener call, in order, as "event:tx:logIndex:confirmations". */
function recorder() {
  const calls: string[] = [];
  const record = (event: string) => async (_trx: unknown, t: StoredTransfer) =>
    void calls.push(`${event}:${t.txHash}:${t.logIndex}:${t.confirmations}`);
  const listener: ChainListener = {
    onTransferSeen: record("seen"),
    onConfirmations: record("confirmations"),
    onTransferConfirmed: record("confirmed"),
    onTransferRemoved: record("removed"),
  };
  return { calls, listener, count: (event: string) => calls.filter((c) => c.startsWith(`${event}:`)).length };
}

async function watcherFrom(
  start: bigint,
  settings: Partial<WatcherSettings> = {},
  listener?: ChainListener,
  topicFilterMax?: number,
) {
  return createWatcher(
    { product: "Devnet", chainId: 31337, tokens: [chain.token], confirmations: 3, startBlock: start, ...settings },
    {
      db: database.db,
      adapter: createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl, topicFilterMax }),
      addressBook: watchedAddressBook(database.db),
      listener,
    },
  );
}

const rows = () => database.db.selectFrom("chain_transfers").selectAll().orderBy("id").execute();

describe("the chain watcher on anvil", () => {
  it("stores a transfer to one of our addresses once, with its exact amount; other tokens and other addresses are not stored", async () => {
    const [ours, stranger] = [newAddress(), newAddress()];
    await watchAddresses(database.db, [ours]);
    const { calls, listener } = recorder();
    const watcher = await watcherFrom(await chain.head(), { confirmations: 10 }, listener);
    await watcher.tick();
    const paid = await chain.pay(ours, 12_345_678n);
    await chain.pay(stranger, 1_000_000n);
    await chain.pay(ours, 5_000_000n, chain.otherToken);
    await watcher.tick();
    await watcher.tick();
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      chain_id: "31337",
      tx_hash: paid.hash,
      block_number: String(paid.blockNumber),
      token: getAddress(chain.token),
      from_address: chain.dev,
      to_address: ours,
      amount: "12345678",
      status: "seen",
    });
    const block = await chain.clients.public.getBlock({ blockNumber: paid.blockNumber });
    expect(stored[0]!.block_hash).toBe(block.hash);
    expect(calls.filter((c) => c.startsWith("seen:"))).toEqual([`seen:${paid.hash}:${stored[0]!.log_index}:3`]);
  });

  it("matches on this side when the address book is larger than the node's topic filter", async () => {
    const ours = [newAddress(), newAddress(), newAddress()];
    await watchAddresses(database.db, ours);
    const watcher = await watcherFrom(await chain.head(), {}, undefined, 1);
    await watcher.tick();
    await chain.pay(ours[2]!, 1n);
    await chain.pay(newAddress(), 2n);
    await chain.pay(ours[0]!, 3n);
    await watcher.tick();
    expect((await rows()).map((r) => [r.to_address, r.amount])).toEqual([
      [ours[2], "1"],
      [ours[0], "3"],
    ]);
  });

  it("counts confirmations up and confirms the transfer once when it reaches the chain's number", async () => {
    const ours = newAddress();
    await watchAddresses(database.db, [ours]);
    const { calls, listener, count } = recorder();
    const watcher = await watcherFrom(await chain.head(), { confirmations: 3 }, listener);
    const paid = await chain.pay(ours, 1_000_000n);
    const seen = [];
    for (let i = 0; i < 4; i++) {
      await watcher.tick();
      const [row] = await rows();
      seen.push(`${row!.status}/${row!.confirmations}`);
      await chain.mine(1);
    }
    expect(seen).toEqual(["seen/1", "seen/2", "confirmed/3", "confirmed/3"]);
    expect(count("confirmed")).toBe(1);
    expect(calls.map((c) => c.split(":")[0])).toEqual(["seen", "confirmations", "confirmed"]);
    expect(calls.at(-1)).toBe(`confirmed:${paid.hash}:${(await rows())[0]!.log_index}:3`);
  });

  it("resumes from its cursor after a restart: a transfer sent while it was stopped is found, nothing twice", async () => {
    const ours = newAddress();
    await watchAddresses(database.db, [ours]);
    const first = await watcherFrom(await chain.head(), { scanBlocks: 2, maxStepsPerTick: 2 });
    await chain.pay(ours, 1n);
    await first.tick();
    await first.stop();
    // Downtime: a payment and a few more blocks than one tick scans (2 steps × 2 blocks).
    const missed = await chain.pay(ours, 2n);
    await chain.mine(6);
    const second = await watcherFrom(0n, { scanBlocks: 2, maxStepsPerTick: 2 });
    let report = await second.tick();
    expect(report.behind).toBe(true);
    while (report.behind) report = await second.tick();
    expect((await rows()).map((r) => r.amount)).toEqual(["1", "2"]);
    expect((await rows())[1]).toMatchObject({ tx_hash: missed.hash, status: "confirmed" });
    const cursor = await database.db.selectFrom("chain_cursors").selectAll().executeTakeFirstOrThrow();
    expect(BigInt(cursor.next_block)).toBe((await chain.head()) + 1n);
  });

  it("a reorganisation marks a transfer removed; when it comes back it is seen again and confirmed once", async () => {
    const ours = newAddress();
    await watchAddresses(database.db, [ours]);
    const payer = await chain.payer();
    const { calls, listener, count } = recorder();
    const watcher = await watcherFrom(await chain.head(), { confirmations: 3 }, listener);
    await chain.mine(2);
    await watcher.tick();
    const raw = await chain.signedPayment(payer, ours, 7_000_000n);
    const paid = await chain.sendRaw(raw);
    await watcher.tick();
    expect((await rows())[0]).toMatchObject({ status: "seen", block_number: String(paid.blockNumber) });
    // anvil replaces the last two blocks (the transfer's and the one before it) with empty ones.
    await chain.test.request({ method: "anvil_reorg", params: [2, []] } as never);
    await watcher.tick();
    expect((await rows())[0]).toMatchObject({ status: "removed", confirmations: 0 });
    expect(count("removed")).toBe(1);
    // The same signed transaction (same hash) lands again, in a later block.
    const back = await chain.sendRaw(raw);
    expect(back.hash).toBe(paid.hash);
    for (let i = 0; i < 4; i++) {
      await watcher.tick();
      await chain.mine(1);
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: "confirmed", tx_hash: paid.hash, block_number: String(back.blockNumber) });
    expect(await rows()).toHaveLength(1);
    expect(count("confirmed")).toBe(1);
    expect(calls.map((c) => c.split(":")[0])).toEqual(["seen", "removed", "seen", "confirmations", "confirmed"]);
  });

  it("a transaction mined again at the same height behind another one keeps its transfer: the removed row comes back, heard once (chaos seeds 676070, 676071)", async () => {
    const ours = newAddress();
    await watchAddresses(database.db, [ours]);
    const payer = await chain.payer();
    const { calls, listener } = recorder();
    const watcher = await watcherFrom(await chain.head(), { confirmations: 3 }, listener);
    await watcher.tick();
    const first = await chain.signedPayment(payer, ours, 1_000_000n);
    await chain.sendRaw(first);
    const second = await chain.signedPayment(payer, ours, 2_000_000n);
    const paid = await chain.sendRaw(second);
    await watcher.tick();
    const before = (await rows()).find((r) => r.tx_hash === paid.hash)!;
    expect(before).toMatchObject({ status: "seen", log_index: 0, block_number: String(paid.blockNumber) });
    // Both blocks replaced; both transactions mined again in the second one: the second payment's log is now its
    // block's second (log index 1), at the height it was seen at, in a block with another hash.
    await chain.test.request({
      method: "anvil_reorg",
      params: [
        2,
        [
          [first, 1],
          [second, 1],
        ],
      ],
    } as never);
    for (let i = 0; i < 4; i++) {
      await watcher.tick();
      await chain.mine(1);
    }
    const receipt = await chain.clients.public.getTransactionReceipt({ hash: paid.hash });
    expect(receipt.blockNumber).toBe(paid.blockNumber);
    const stored = (await rows()).filter((r) => r.tx_hash === paid.hash);
    // One transfer, the same row (what the orders and the ledger link to), at its new place, confirmed once.
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: before.id,
      status: "confirmed",
      log_index: 1,
      block_hash: receipt.blockHash,
    });
    const heard = calls.filter((c) => c.includes(paid.hash)).map((c) => c.split(":")[0]);
    expect(heard.filter((event) => event !== "confirmations")).toEqual(["seen", "removed", "seen", "confirmed"]);
  });

  it("rescans from the start when the chain's genesis block changed (a devnet started afresh)", async () => {
    const ours = newAddress();
    await watchAddresses(database.db, [ours]);
    const { count, listener } = recorder();
    const start = await chain.head();
    await chain.pay(ours, 9n);
    const before = await watcherFrom(start, {}, listener);
    await before.tick();
    await before.stop();
    await sql`update chain_cursors set genesis_hash = '0xother'`.execute(database.db);
    // A new instance checks the genesis block when it takes the lease.
    await (await watcherFrom(start, {}, listener)).tick();
    expect(count("removed")).toBe(1);
    expect(count("seen")).toBe(2);
    const cursor = await database.db.selectFrom("chain_cursors").selectAll().executeTakeFirstOrThrow();
    expect(cursor.genesis_hash).not.toBe("0xother");
    expect((await rows()).map((r) => r.status)).toEqual(["seen"]);
  });

  it("loses no payment when a load balancer's backend behind answers the logs, clamped at its head (issue 24)", async () => {
    const ours = newAddress();
    await watchAddresses(database.db, [ours]);
    const { count, listener } = recorder();
    const start = await chain.head();
    await chain.pay(ours, 7n);
    await chain.mine(2);
    // The hashes come from the node; the logs from a backend 5 blocks behind, which says nothing past its head.
    let lag = 5n;
    const node = createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl });
    const watcher = createWatcher(
      { product: "Devnet", chainId: 31337, tokens: [chain.token], confirmations: 3, startBlock: start },
      {
        db: database.db,
        adapter: logsFrom(
          node,
          laggingBackend(node, () => lag, { clampLogs: true }),
        ),
        addressBook: watchedAddressBook(database.db),
        listener,
      },
    );
    await watcher.tick();
    lag = 0n;
    await watcher.tick();
    expect(count("seen")).toBe(1);
    expect((await rows()).map((r) => [r.to_address, r.amount])).toEqual([[ours, "7"]]);
  });

  it("reads older blocks by range and the newest by hash, storing what it read up to a block the backend behind lacks", async () => {
    const ours = newAddress();
    await watchAddresses(database.db, [ours]);
    const { count, listener } = recorder();
    const start = await chain.head();
    await chain.pay(ours, 1n);
    await chain.mine(5);
    await chain.pay(ours, 2n);
    await chain.mine(1);
    const head = await chain.head();
    let lag = 1n;
    const node = createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl });
    const watcher = createWatcher(
      {
        product: "Devnet",
        chainId: 31337,
        tokens: [chain.token],
        confirmations: 3,
        startBlock: start,
        byHashBlocks: 3,
      },
      {
        db: database.db,
        adapter: logsFrom(
          node,
          laggingBackend(node, () => lag, { clampLogs: true }),
        ),
        addressBook: watchedAddressBook(database.db),
        listener,
      },
    );
    await watcher.tick();
    expect(count("seen")).toBe(2);
    const cursor = () => database.db.selectFrom("chain_cursors").select("next_block").executeTakeFirstOrThrow();
    expect((await cursor()).next_block).toBe(String(head));
    lag = 0n;
    await watcher.tick();
    expect((await cursor()).next_block).toBe(String(head + 1n));
    expect((await rows()).map((r) => r.amount)).toEqual(["1", "2"]);
  });
});
