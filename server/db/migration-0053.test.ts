import { sql } from "kysely";
import type { PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { type RecordedListener, recordedOutgoing } from "../chain/outgoing-recorded.ts";
import type { TransactionSender } from "../chain/transaction-sender.ts";
import { seedApplication, seedDepositAddress, seedMerchant } from "../testing/seed.ts";
import { databaseUpTo } from "../testing/database-up-to.ts";
import { migrateToLatest } from "./migrations.ts";

/**
 * Migration 0053 on a database of the schema before it (0052): each sweep's transaction takes the outcome its
 * collection had, and the outgoing component then follows sweeps from those rows alone: one in flight at the upgrade
 * settles once (two runs at the same moment tell it once), one confirmed stays as it is while its block stands and is
 * told once when a reorganisation moves it, one gone from the chain is removed once. Runs on PGlite and on PostgreSQL.
 */
const database = databaseUpTo("0052_invoices_paid_by_merchant");

const treasury = "0x1111111111111111111111111111111111111111";
const gasPayer = "0x2222222222222222222222222222222222222222";
const token = "0x3333333333333333333333333333333333333333";
const factory = "0x4444444444444444444444444444444444444444";
const hash = (digit: string) => `0x${digit.repeat(64)}` as const;

/** A node that knows the receipts it is given, at a head it is given; a block hash is its number's digit. */
function fakeNode() {
  const node = {
    head: 100n,
    receipts: new Map<string, { blockNumber: bigint; status: "success" | "reverted" }>(),
    blockHash: (n: bigint) => hash(String(n % 10n)),
  };
  const client = {
    getBlockNumber: async () => node.head,
    getTransactionReceipt: async ({ hash: h }: { hash: string }) => {
      const r = node.receipts.get(h);
      if (!r) throw Object.assign(new Error("no receipt"), { name: "TransactionReceiptNotFoundError" });
      return { ...r, blockHash: node.blockHash(r.blockNumber), gasUsed: 21_000n, effectiveGasPrice: 2n, logs: [] };
    },
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => ({ hash: node.blockHash(blockNumber) }),
    getTransaction: async () => {
      throw Object.assign(new Error("unknown"), { name: "TransactionNotFoundError" });
    },
  };
  return { node, client: client as unknown as PublicClient };
}

function recordingListener() {
  const told: string[] = [];
  const listener: RecordedListener = {
    mined: async (_trx, subject, receipt, moved) => {
      told.push(`${moved ? "moved" : "mined"} ${subject} ${receipt.blockNumber}`);
    },
    reverted: async (_trx, subject) => {
      told.push(`reverted ${subject}`);
    },
    removed: async (_trx, subject) => {
      told.push(`removed ${subject}`);
    },
  };
  return { told, listener };
}

describe("migration 0053_outgoing_outcome", () => {
  it("gives each sweep's transaction its collection's outcome, and the follower settles from those rows once", async () => {
    const { db } = database;
    const { userId } = await seedMerchant(db, { email: "before53@example.com", password: "Before7Pass" });
    const { applicationId, appCode } = await seedApplication(db, { userId });
    await seedDepositAddress(db, { userId, applicationId, appCode, endUserId: "u1", chainId: 31337, factory });
    const depositAddressId = (await db.selectFrom("deposit_addresses").select("id").executeTakeFirstOrThrow()).id;
    const at = new Date("2026-11-20T10:00:00Z");
    const { rows: sweeps } = await sql<{ id: string }>`
        insert into collections (chain_id, token, deposit_address_id, delivery_address, gas_payer, status, tx_hash,
          amount, gas_fee, block_number, block_hash, error, created_at)
        values
          (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'sent', ${hash("a")}, null, null, null, null, null, ${at}),
          (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'confirmed', ${hash("b")}, 5, 42000, 90, ${hash("0")}, null, ${at}),
          (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'failed', ${hash("c")}, null, 42000, null, null, 'reverted', ${at}),
          (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'failed', ${hash("d")}, null, null, null, null, 'refused', ${at}),
          (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'removed', ${hash("e")}, null, null, null, null, null, ${at}),
          (31337, ${token}, ${depositAddressId}, ${treasury}, ${gasPayer}, 'confirmed', ${hash("f")}, 5, 42000, 95, ${hash("5")}, null, ${at})
        returning id`.execute(db);
    const ids = sweeps.map((s) => s.id);
    await sql`insert into outgoing_transactions (subject_kind, collection_id, chain_id, from_address, tx_hash, signed_at)
        select 'sweep', id, chain_id, gas_payer, tx_hash, created_at from collections order by id`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("outgoing_transactions")
      .select(["collection_id", "outcome", "mined_block_number", "mined_block_hash"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { collection_id: ids[0], outcome: null, mined_block_number: null, mined_block_hash: null },
      { collection_id: ids[1], outcome: "mined", mined_block_number: "90", mined_block_hash: hash("0") },
      { collection_id: ids[2], outcome: "reverted", mined_block_number: null, mined_block_hash: null },
      { collection_id: ids[3], outcome: "unsent", mined_block_number: null, mined_block_hash: null },
      { collection_id: ids[4], outcome: "removed", mined_block_number: null, mined_block_hash: null },
      { collection_id: ids[5], outcome: "mined", mined_block_number: "95", mined_block_hash: hash("5") },
    ]);

    // The sweep in flight at the upgrade is mined with the confirmations; the first confirmed one still stands where it
    // was; the second is gone from the chain.
    const { node, client } = fakeNode();
    node.receipts.set(hash("a"), { blockNumber: 98n, status: "success" });
    node.receipts.set(hash("b"), { blockNumber: 90n, status: "success" });
    const sender = { from: gasPayer } as unknown as TransactionSender;
    const outgoing = recordedOutgoing({
      client,
      sender,
      chain: { chainId: 31337, confirmations: 3 },
      subjectKind: "sweep",
    });
    const { told, listener } = recordingListener();
    const keepGoing = async () => true;
    const reports = await Promise.all([
      outgoing.follow(db, listener, keepGoing),
      outgoing.follow(db, listener, keepGoing),
    ]);
    expect(told.sort()).toEqual([`mined ${ids[0]} 98`, `removed ${ids[5]}`]);
    expect(reports.reduce((sum, r) => sum + r!.confirmed + r!.removed, 0)).toBe(2);

    // Followed again: nothing new. Then a reorganisation moves the first into another block: told once, as moved.
    await outgoing.follow(db, listener, keepGoing);
    expect(told).toHaveLength(2);
    node.receipts.set(hash("a"), { blockNumber: 99n, status: "success" });
    node.head = 101n;
    await outgoing.follow(db, listener, keepGoing);
    await outgoing.follow(db, listener, keepGoing);
    expect(told.slice(2)).toEqual([`moved ${ids[0]} 99`]);
    const first = await db
      .selectFrom("outgoing_transactions")
      .select(["outcome", "mined_block_number", "mined_block_hash"])
      .where("collection_id", "=", ids[0]!)
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ outcome: "mined", mined_block_number: "99", mined_block_hash: hash("9") });
  });

  it("refuses a mined outcome without its block", async () => {
    const { db } = database;
    const unsent = await db.selectFrom("outgoing_transactions").select("id").where("outcome", "=", "unsent");
    const row = await unsent.executeTakeFirstOrThrow();
    await expect(
      db
        .updateTable("outgoing_transactions")
        .set({ outcome: "mined", mined_block_hash: null })
        .where("id", "=", row.id)
        .execute(),
    ).rejects.toThrow(/outgoing_transactions_mined_in/);
  });
});
