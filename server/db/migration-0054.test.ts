import { sql } from "kysely";
import type { PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { outgoingTransactions } from "../chain/outgoing.ts";
import type { OutgoingListener } from "../chain/outgoing-port.ts";
import type { SigningSender } from "../chain/transaction-sender.ts";
import { seedMerchant } from "../testing/seed.ts";
import { databaseUpTo } from "../testing/database-up-to.ts";
import { migrateToLatest } from "./migrations.ts";

/**
 * Migration 0054 on a database of the schema before it (0053): each withdrawal's transactions take the outcome its
 * state had, and the treasury's outgoing transactions then settle and recheck withdrawals from those rows alone: one
 * in flight at the upgrade is paid once (two runs at the same moment tell it once), one paid stays as it is while its
 * block stands, is told once when a reorganisation moves it and once when one takes it away. Runs on PGlite and on
 * PostgreSQL: the backfill runs on the engine a merchant upgrades, PGlite by default.
 */
const database = databaseUpTo("0053_outgoing_outcome");

const treasury = "0x1111111111111111111111111111111111111111";
const token = "0x3333333333333333333333333333333333333333";
const destination = "0x5555555555555555555555555555555555555555";
const hash = (digit: string) => `0x${digit.repeat(64)}` as const;

/** A node that knows the receipts it is given, at a head it is given; a block hash is its number's digit. */
function fakeNode() {
  const node = {
    head: 100n,
    receipts: new Map<string, { blockNumber: bigint; status: "success" | "reverted" }>(),
    broadcast: [] as string[],
  };
  const client = {
    getBlockNumber: async () => node.head,
    getTransactionCount: async () => 0,
    getTransactionReceipt: async ({ hash: h }: { hash: string }) => {
      const r = node.receipts.get(h);
      if (!r) throw Object.assign(new Error("no receipt"), { name: "TransactionReceiptNotFoundError" });
      const blockHash = hash(String(r.blockNumber % 10n));
      return { ...r, blockHash, gasUsed: 21_000n, effectiveGasPrice: 2n, logs: [] };
    },
  };
  const signer = {
    from: treasury,
    sign: async () => {
      throw new Error("nothing is signed here");
    },
    broadcast: async (raw: string) => {
      node.broadcast.push(raw);
    },
  } as unknown as SigningSender;
  return { node, client: client as unknown as PublicClient, signer };
}

function recordingListener() {
  const told: string[] = [];
  const listener: OutgoingListener = {
    broadcast: async () => {},
    counting: async () => {},
    stillOpen: async () => true,
    mined: async (_trx, subject, mined) => {
      told.push(`mined ${subject} ${mined.txHash.slice(2, 3)} ${mined.blockNumber}`);
      return true;
    },
    failed: async (_trx, subject, failure) => {
      told.push(`failed ${subject} ${failure.why}`);
      return true;
    },
    moved: async (_trx, subject, mined) => {
      told.push(`moved ${subject} ${mined.txHash.slice(2, 3)} ${mined.blockNumber}`);
    },
    removed: async (_trx, subject) => {
      told.push(`removed ${subject}`);
    },
  };
  return { told, listener };
}

describe("migration 0054_withdrawal_outcome", () => {
  it("gives each withdrawal's transactions its outcome, and the sender settles and rechecks from those rows once", async () => {
    const { db } = database;
    const { userId } = await seedMerchant(db, { email: "before54@example.com", password: "Before7Pass" });
    const at = new Date("2026-11-20T10:00:00Z");
    const withdrawal = async (
      nonce: number,
      status: string,
      paid: string | null,
      block: number | null,
      why: string | null,
    ) => {
      const { rows } = await sql<{ id: string }>`
          insert into withdrawals (merchant_id, request_hash, chain_id, token, to_address, amount, fee, status, failure,
            created_at, updated_at, from_address, nonce, tx_hash, block_number, gas_fee, finished_at)
          values (${userId}, ${String(nonce).repeat(64)}, 31337, ${token}, ${destination}, 20, 1, ${status}, ${why},
            ${at}, ${at}, ${treasury}, ${nonce}, ${paid}, ${block}, ${paid ? 42000 : null}, ${paid ? at : null})
          returning id`.execute(db);
      return rows[0]!.id;
    };
    const signed = async (withdrawalId: string, nonce: number, digit: string) =>
      sql`insert into outgoing_transactions (subject_kind, withdrawal_id, chain_id, from_address, nonce, tx_hash, raw_tx,
            max_fee_per_gas, max_priority_fee_per_gas, signed_at)
          values ('withdrawal', ${withdrawalId}, 31337, ${treasury}, ${nonce}, ${hash(digit)}, ${`0x02${digit}`}, 10, 1,
            ${at})`.execute(db);
    const inFlight = await withdrawal(1, "broadcast", null, null, null);
    await signed(inFlight, 1, "a");
    await signed(inFlight, 1, "b");
    const paid = await withdrawal(2, "confirmed", hash("d"), 90, null);
    await signed(paid, 2, "c");
    await signed(paid, 2, "d");
    const reverted = await withdrawal(3, "failed", null, null, "reverted on chain");
    await signed(reverted, 3, "e");
    const nonceUsed = await withdrawal(4, "failed", null, null, "its nonce was used by another transaction");
    await signed(nonceUsed, 4, "f");
    const paidToMove = await withdrawal(5, "confirmed", hash("9"), 95, null);
    await signed(paidToMove, 5, "9");
    const signedOnly = await withdrawal(6, "signed", null, null, null);
    await signed(signedOnly, 6, "8");

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("outgoing_transactions")
      .select(["tx_hash", "outcome", "mined_block_number", "mined_block_hash"])
      .orderBy("id")
      .execute();
    const row = (digit: string, outcome: string | null, block: string | null = null) => ({
      tx_hash: hash(digit),
      outcome,
      mined_block_number: block,
      mined_block_hash: null,
    });
    expect(rows).toEqual([
      row("a", null),
      row("b", null),
      row("c", "replaced"),
      row("d", "mined", "90"),
      row("e", "reverted"),
      row("f", "replaced"),
      row("9", "mined", "95"),
      row("8", null),
    ]);

    // The replacement in flight is mined with the confirmations; the signed one is not mined yet; the first paid one
    // still stands where it was; the second was moved into another block by a reorganisation.
    const { node, client, signer } = fakeNode();
    node.receipts.set(hash("b"), { blockNumber: 98n, status: "success" });
    node.receipts.set(hash("d"), { blockNumber: 90n, status: "success" });
    node.receipts.set(hash("9"), { blockNumber: 96n, status: "success" });
    const outgoing = outgoingTransactions({
      client,
      signer,
      chain: { chainId: 31337, confirmations: 3 },
      subjectKind: "withdrawal",
    });
    const { told, listener } = recordingListener();
    const run = async () => [await outgoing.recheck(db, listener), await outgoing.settle(db, listener)] as const;
    const reports = await Promise.all([run(), run()]);
    expect(told.sort()).toEqual([`mined ${inFlight} b 98`, `moved ${paidToMove} 9 96`]);
    expect(reports.reduce((sum, [, settled]) => sum + settled.confirmed, 0)).toBe(1);
    expect(node.broadcast).toEqual(["0x028", "0x028"]);

    // Again: nothing new. Then a reorganisation takes the first paid one away: told once, and sent again by each run.
    await run();
    expect(told).toHaveLength(2);
    node.receipts.delete(hash("d"));
    node.broadcast.length = 0;
    await Promise.all([run(), run()]);
    await run();
    expect(told.slice(2)).toEqual([`removed ${paid}`]);
    expect(node.broadcast.filter((raw) => raw === "0x02d")).toHaveLength(3);

    // Mined again in another block: told once, as moved; then it stands.
    node.receipts.set(hash("d"), { blockNumber: 99n, status: "success" });
    node.head = 101n;
    await Promise.all([run(), run()]);
    await run();
    expect(told.slice(3)).toEqual([`moved ${paid} d 99`]);
    const outcomes = await db
      .selectFrom("outgoing_transactions")
      .select(["tx_hash", "outcome", "mined_block_number", "mined_block_hash"])
      .where("withdrawal_id", "in", [inFlight, paid, paidToMove])
      .orderBy("id")
      .execute();
    expect(outcomes).toEqual([
      { ...row("a", "replaced") },
      { ...row("b", "mined", "98"), mined_block_hash: hash("8") },
      row("c", "replaced"),
      { ...row("d", "mined", "99"), mined_block_hash: hash("9") },
      { ...row("9", "mined", "96"), mined_block_hash: hash("6") },
    ]);
  });

  it("keeps each kind's outcomes: a replaced transaction is one signed here, an unsent one one recorded by hash", async () => {
    const { db } = database;
    const signedRow = await db
      .selectFrom("outgoing_transactions")
      .select("id")
      .where("outcome", "=", "replaced")
      .executeTakeFirstOrThrow();
    await expect(
      db.updateTable("outgoing_transactions").set({ outcome: "unsent" }).where("id", "=", signedRow.id).execute(),
    ).rejects.toThrow(/outgoing_transactions_outcome_of_its_kind/);
    await expect(
      db.updateTable("outgoing_transactions").set({ outcome: "mined" }).where("id", "=", signedRow.id).execute(),
    ).rejects.toThrow(/outgoing_transactions_mined_in/);
  });
});
