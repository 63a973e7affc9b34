import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import type { TokenTransfer } from "./chain-adapter.ts";
import { removeTransfersAbove, storeTransfers } from "./store.ts";
import { resetChainTables } from "./test-chain.ts";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => resetChainTables(database.db));

const token = `0x${"11".repeat(20)}`;
const payer = `0x${"22".repeat(20)}`;
const [alice, bob] = [`0x${"aa".repeat(20)}`, `0x${"bb".repeat(20)}`];
const tx = `0x${"cd".repeat(32)}`;

/** One Transfer log of `tx` at `logIndex` in block 11 (hash `block`). */
function log(logIndex: number, to: string, amount: bigint, block = "0xb1"): TokenTransfer {
  return { chainId: 31337, txHash: tx, logIndex, blockNumber: 11n, blockHash: block, token, from: payer, to, amount };
}

const rows = () =>
  database.db
    .selectFrom("chain_transfers")
    .select(["id", "log_index", "to_address", "amount", "status", "block_hash"])
    .orderBy("id")
    .execute();

describe("storing transfers a reorganisation took and brought back", () => {
  it("a transaction mined again at another place in its block brings back each removed transfer by what it is, not by its old log index", async () => {
    // A batch payment: one transaction paying Alice and Bob, its logs 4 and 5 of block 11.
    await storeTransfers(database.db, [log(4, alice, 1n), log(5, bob, 2n)], () => 1);
    const [first, second] = await rows();
    await removeTransfersAbove(database.db, 31337, 10n);
    // Mined again one place later in another block 11: Alice's log is now 5, Bob's 6.
    const back = await storeTransfers(database.db, [log(5, alice, 1n, "0xb2"), log(6, bob, 2n, "0xb2")], () => 1);
    expect(back.map((t) => [t.logIndex, t.to, t.amount])).toEqual([
      [5, alice, 1n],
      [6, bob, 2n],
    ]);
    // The same two rows (what orders and the ledger link to), seen again with their own amounts; none added.
    expect(await rows()).toEqual([
      { id: first!.id, log_index: 5, to_address: alice, amount: "1", status: "seen", block_hash: "0xb2" },
      { id: second!.id, log_index: 6, to_address: bob, amount: "2", status: "seen", block_hash: "0xb2" },
    ]);
    expect(back.map((t) => t.id)).toEqual([first!.id, second!.id]);
  });

  it("a removed transfer whose log is not back stays removed, out of the way of the one now at its index", async () => {
    await storeTransfers(database.db, [log(0, alice, 1n)], () => 1);
    const [gone] = await rows();
    await removeTransfersAbove(database.db, 31337, 10n);
    const back = await storeTransfers(database.db, [log(0, bob, 2n, "0xb2")], () => 1);
    expect(back.map((t) => [t.logIndex, t.to, t.amount])).toEqual([[0, bob, 2n]]);
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored.find((r) => r.id === gone!.id)).toMatchObject({ to_address: alice, amount: "1", status: "removed" });
    expect(stored.find((r) => r.id !== gone!.id)).toMatchObject({
      log_index: 0,
      to_address: bob,
      amount: "2",
      status: "seen",
    });
  });

  it("a transfer still seen is not stored twice when its log is read at another index before the fork is found", async () => {
    await storeTransfers(database.db, [log(0, alice, 1n)], () => 1);
    const again = await storeTransfers(database.db, [log(1, alice, 1n, "0xb2")], () => 1);
    expect(again).toEqual([]);
    expect((await rows()).map((r) => [r.log_index, r.status, r.block_hash])).toEqual([[0, "seen", "0xb1"]]);
  });
});
