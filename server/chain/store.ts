import { type Kysely, sql } from "kysely";
import type { ChainTransferStatusColumn, DB } from "../db/schema.ts";
import type { BlockRef, TokenTransfer } from "./chain-adapter.ts";
import { placeFoundTransfers } from "./transfer-place.ts";

/** A transfer as stored, handed to the listener. */
export interface StoredTransfer extends TokenTransfer {
  id: string;
  status: ChainTransferStatusColumn;
  confirmations: number;
  /** Set aside with this reason: the listener hears nothing more of it. */
  quarantine: string | null;
}

export interface Cursor {
  startBlock: bigint;
  /** The first block not yet scanned. */
  nextBlock: bigint;
  genesisHash: string;
}

const chain = (chainId: number) => String(chainId);

export async function loadCursor(db: Kysely<DB>, chainId: number): Promise<Cursor | null> {
  const row = await db
    .selectFrom("chain_cursors")
    .selectAll()
    .where("chain_id", "=", chain(chainId))
    .executeTakeFirst();
  return row
    ? { startBlock: BigInt(row.start_block), nextBlock: BigInt(row.next_block), genesisHash: row.genesis_hash }
    : null;
}

export async function createCursor(
  db: Kysely<DB>,
  chainId: number,
  startBlock: bigint,
  genesisHash: string,
): Promise<void> {
  await db
    .insertInto("chain_cursors")
    .values({
      chain_id: chain(chainId),
      start_block: String(startBlock),
      next_block: String(startBlock),
      genesis_hash: genesisHash,
    })
    .onConflict((oc) => oc.column("chain_id").doNothing())
    .execute();
}

export async function moveCursor(
  db: Kysely<DB>,
  chainId: number,
  change: { nextBlock?: bigint; head?: BlockRef; genesisHash?: string },
): Promise<void> {
  await db
    .updateTable("chain_cursors")
    .set({
      ...(change.nextBlock === undefined ? {} : { next_block: String(change.nextBlock) }),
      ...(change.head ? { head_number: String(change.head.number), head_hash: change.head.hash } : {}),
      ...(change.genesisHash ? { genesis_hash: change.genesisHash } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where("chain_id", "=", chain(chainId))
    .execute();
}

/** Stored block hashes, newest first, optionally only below a height. */
export async function recentBlocks(db: Kysely<DB>, chainId: number, below?: bigint): Promise<BlockRef[]> {
  let query = db.selectFrom("chain_blocks").select(["number", "hash"]).where("chain_id", "=", chain(chainId));
  if (below !== undefined) query = query.where("number", "<", String(below));
  const rows = await query.orderBy("number", "desc").execute();
  return rows.map((r) => ({ number: BigInt(r.number), hash: r.hash }));
}

/** The stored hash of the block at this height, if it is kept. */
export async function storedBlockHash(db: Kysely<DB>, chainId: number, number: bigint): Promise<string | undefined> {
  const row = await db
    .selectFrom("chain_blocks")
    .select("hash")
    .where("chain_id", "=", chain(chainId))
    .where("number", "=", String(number))
    .executeTakeFirst();
  return row?.hash;
}

export async function rememberBlocks(db: Kysely<DB>, chainId: number, blocks: readonly BlockRef[]): Promise<void> {
  if (blocks.length === 0) return;
  await db
    .insertInto("chain_blocks")
    .values(blocks.map((b) => ({ chain_id: chain(chainId), number: String(b.number), hash: b.hash })))
    .onConflict((oc) => oc.columns(["chain_id", "number"]).doUpdateSet((eb) => ({ hash: eb.ref("excluded.hash") })))
    .execute();
}

/** Forgets hashes below `keepFrom`, except those of blocks whose transfers still wait for confirmations. */
export async function pruneBlocks(db: Kysely<DB>, chainId: number, keepFrom: bigint): Promise<void> {
  await db
    .deleteFrom("chain_blocks")
    .where("chain_id", "=", chain(chainId))
    .where("number", "<", String(keepFrom))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("chain_transfers")
            .select("id")
            .whereRef("chain_transfers.chain_id", "=", "chain_blocks.chain_id")
            .whereRef("chain_transfers.block_number", "=", "chain_blocks.number")
            .where("chain_transfers.status", "=", "seen"),
        ),
      ),
    )
    .execute();
}

/**
 * Stores what a scan found: new transfers are inserted, removed ones (a reorganisation took them) come back as seen
 * in their new block, at their new log index when their transaction was mined at another place (transfer-place.ts);
 * transfers already seen or confirmed are left alone. Answers the ones that are new or back.
 */
export async function storeTransfers(
  db: Kysely<DB>,
  found: readonly TokenTransfer[],
  confirmations: (t: TokenTransfer) => number,
): Promise<StoredTransfer[]> {
  const stored: StoredTransfer[] = [];
  // Several hundred rows a statement: a busy block range costs a few round trips, not one per transfer.
  for (let i = 0; i < found.length; i += 500) {
    const batch = await placeFoundTransfers(db, found.slice(i, i + 500));
    if (batch.length === 0) continue;
    const byKey = new Map(batch.map((t) => [`${t.txHash}:${t.logIndex}`, t]));
    const rows = await db
      .insertInto("chain_transfers")
      .values(
        batch.map((t) => ({
          chain_id: chain(t.chainId),
          tx_hash: t.txHash,
          log_index: t.logIndex,
          block_number: String(t.blockNumber),
          block_hash: t.blockHash,
          token: t.token,
          from_address: t.from,
          to_address: t.to,
          amount: t.amount.toString(),
          status: "seen" as const,
          confirmations: confirmations(t),
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(["chain_id", "tx_hash", "log_index"])
          .doUpdateSet((eb) => ({
            block_number: eb.ref("excluded.block_number"),
            block_hash: eb.ref("excluded.block_hash"),
            confirmations: eb.ref("excluded.confirmations"),
            status: "seen" as const,
            removed_at: null,
            seen_at: sql<Date>`now()`,
          }))
          .where("chain_transfers.status", "=", "removed"),
      )
      .returning(["id", "tx_hash", "log_index", "status", "confirmations", "quarantine"])
      .execute();
    for (const row of rows) {
      const t = byKey.get(`${row.tx_hash}:${row.log_index}`)!;
      stored.push({
        ...t,
        id: row.id,
        status: row.status,
        confirmations: row.confirmations,
        quarantine: row.quarantine,
      });
    }
  }
  return stored.sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}

/** Transfers still waiting for confirmations, oldest block first. */
export async function pendingTransfers(db: Kysely<DB>, chainId: number): Promise<StoredTransfer[]> {
  const rows = await transferQuery(db, chainId)
    .where("status", "=", "seen")
    .orderBy("block_number")
    .orderBy("log_index")
    .execute();
  return rows.map(fromRow);
}

/** Sets the confirmations of the transfers still seen in one block (confirming them at `confirmed`); answers them. */
export async function setBlockConfirmations(
  db: Kysely<DB>,
  chainId: number,
  block: bigint,
  confirmations: number,
  confirmed: boolean,
): Promise<StoredTransfer[]> {
  const rows = await db
    .updateTable("chain_transfers")
    .set({ confirmations, ...(confirmed ? { status: "confirmed" as const, confirmed_at: sql<Date>`now()` } : {}) })
    .where("chain_id", "=", chain(chainId))
    .where("block_number", "=", String(block))
    .where("status", "=", "seen")
    .returningAll()
    .execute();
  return rows.map(fromRow).sort((a, b) => a.logIndex - b.logIndex);
}

/** Marks every transfer above `fork` removed and answers them (a reorganisation replaced those blocks). */
export async function removeTransfersAbove(db: Kysely<DB>, chainId: number, fork: bigint): Promise<StoredTransfer[]> {
  const rows = await db
    .updateTable("chain_transfers")
    .set({ status: "removed", removed_at: sql<Date>`now()`, confirmations: 0 })
    .where("chain_id", "=", chain(chainId))
    .where("block_number", ">", String(fork))
    .where("status", "!=", "removed")
    .returningAll()
    .execute();
  await db
    .deleteFrom("chain_blocks")
    .where("chain_id", "=", chain(chainId))
    .where("number", ">", String(fork))
    .execute();
  return rows.map(fromRow);
}

function transferQuery(db: Kysely<DB>, chainId: number) {
  return db.selectFrom("chain_transfers").selectAll().where("chain_id", "=", chain(chainId));
}

type TransferRow = Awaited<ReturnType<ReturnType<typeof transferQuery>["executeTakeFirstOrThrow"]>>;

function fromRow(row: TransferRow): StoredTransfer {
  return {
    id: row.id,
    chainId: Number(row.chain_id),
    txHash: row.tx_hash,
    logIndex: row.log_index,
    blockNumber: BigInt(row.block_number),
    blockHash: row.block_hash,
    token: row.token,
    from: row.from_address,
    to: row.to_address,
    amount: BigInt(row.amount),
    status: row.status,
    confirmations: row.confirmations,
    quarantine: row.quarantine,
  };
}

/** A stored transfer by its transaction (the first of its logs), as the listeners are handed it. */
export async function storedTransferOf(db: Kysely<DB>, chainId: number, txHash: string): Promise<StoredTransfer> {
  return fromRow(await transferQuery(db, chainId).where("tx_hash", "=", txHash).executeTakeFirstOrThrow());
}

/** Sets a transfer aside with the reason (the listener's call for it failed): the watcher goes on without it. */
export async function quarantineTransfer(db: Kysely<DB>, transferId: string, reason: string): Promise<void> {
  await db
    .updateTable("chain_transfers")
    .set({ quarantine: reason.slice(0, 500), quarantined_at: sql<Date>`now()` })
    .where("id", "=", transferId)
    .execute();
}
