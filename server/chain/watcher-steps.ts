import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { BlockRef, ChainAdapter, WatchedAddresses } from "./chain-adapter.ts";
import { fenceLease } from "./lease.ts";
import { type ChainListener, isTransfersOwnFault, type WatcherLog } from "./listener.ts";
import {
  type Cursor,
  moveCursor,
  pendingTransfers,
  quarantineTransfer,
  recentBlocks,
  rememberBlocks,
  removeTransfersAbove,
  type StoredTransfer,
  setBlockConfirmations,
  storeTransfers,
} from "./store.ts";

/** What every step of one chain's watcher works with. */
export interface WatcherContext {
  db: Kysely<DB>;
  log: WatcherLog;
  adapter: ChainAdapter;
  listener: ChainListener;
  chainId: number;
  holder: string;
  leaseMs: number;
  confirmations: number;
  tokens: readonly string[];
}

/** head - block + 1: the block itself counts as the first confirmation. */
export function confirmationsAt(head: bigint, block: bigint): number {
  return head < block ? 0 : Number(head - block + 1n);
}

type ListenerCall = (trx: Kysely<DB>, transfer: StoredTransfer) => Promise<void>;

/**
 * One listener call for one transfer, inside the step's transaction but behind a savepoint. When it fails for the
 * transfer's own fault for good (refused, data the database will not hold), only its writes are undone, the transfer
 * is quarantined with the reason, and the step goes on with the others; a quarantined transfer is heard no more. Any
 * other failure rolls the whole step back, to be tried again.
 */
async function hear(ctx: WatcherContext, trx: Kysely<DB>, transfer: StoredTransfer, call: ListenerCall | undefined) {
  if (!call || transfer.quarantine) return;
  await sql`savepoint listener_call`.execute(trx);
  try {
    await call(trx, transfer);
    await sql`release savepoint listener_call`.execute(trx);
  } catch (error) {
    if (!isTransfersOwnFault(error)) throw error;
    await sql`rollback to savepoint listener_call`.execute(trx);
    const reason = error instanceof Error ? error.message : String(error);
    await quarantineTransfer(trx, transfer.id, reason);
    ctx.log.error(
      { chainId: ctx.chainId, txHash: transfer.txHash, logIndex: transfer.logIndex, reason },
      "a transfer was quarantined; the watcher goes on without it",
    );
  }
}

/** One transaction that holds the lease (renewed, locked) for its whole length, or is refused. */
function fenced<T>(ctx: WatcherContext, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    await fenceLease(trx, ctx.chainId, ctx.holder, ctx.leaseMs);
    return work(trx);
  });
}

/** What the node says of the stored blocks: still its chain, a fork at a height, or nothing yet (it lags). */
export type ForkCheck = { kind: "same" } | { kind: "fork"; at: bigint } | { kind: "lagging" };

/**
 * Whether the stored blocks (those below `below`, when given) are still on the node's chain. A fork is declared only
 * on a hash that differs at a height the node knows: `at` is the highest stored block that still matches (the cursor's
 * start without one). A stored height the node has no block at means it lags behind what was seen (a load-balanced
 * RPC whose backend is behind, a node catching up): `lagging`, ask again later, never a fork.
 */
export async function findFork(ctx: WatcherContext, cursor: Cursor, below: bigint | undefined): Promise<ForkCheck> {
  const stored = await recentBlocks(ctx.db, ctx.chainId, below);
  for (const [i, block] of stored.entries()) {
    const hash = await ctx.adapter.blockHash(block.number);
    if (hash === null) return { kind: "lagging" };
    if (hash === block.hash)
      return i === 0 && below === undefined ? { kind: "same" } : { kind: "fork", at: block.number };
  }
  return stored.length === 0 && below === undefined ? { kind: "same" } : { kind: "fork", at: cursor.startBlock - 1n };
}

/** Everything above `fork` is marked removed (the listener hears each) and will be scanned again. */
export async function rewind(ctx: WatcherContext, fork: bigint, cursor: Cursor, genesisHash?: string): Promise<number> {
  return fenced(ctx, async (trx) => {
    const removed = await removeTransfersAbove(trx, ctx.chainId, fork);
    const current = await trx
      .selectFrom("chain_cursors")
      .select("next_block")
      .where("chain_id", "=", String(ctx.chainId))
      .executeTakeFirstOrThrow();
    const nextBlock = fork + 1n < BigInt(current.next_block) ? fork + 1n : BigInt(current.next_block);
    await moveCursor(trx, ctx.chainId, {
      nextBlock: nextBlock < cursor.startBlock ? cursor.startBlock : nextBlock,
      genesisHash,
    });
    for (const transfer of removed) await hear(ctx, trx, transfer, ctx.listener.onTransferRemoved);
    return removed.length;
  });
}

/**
 * Scans [from, to] and stores what it finds with the cursor's move, in one transaction. Answers how many transfers
 * are new (or back), or null when the chain changed under the scan (to's hash before and after differ): try again.
 */
export async function scanRange(
  ctx: WatcherContext,
  head: BlockRef,
  from: bigint,
  to: bigint,
  watched: WatchedAddresses,
): Promise<number | null> {
  const toHash = to === head.number ? head.hash : await ctx.adapter.blockHash(to);
  if (!toHash) return null;
  const found = await ctx.adapter.transfers({ fromBlock: from, toBlock: to, tokens: ctx.tokens, watched });
  // The logs were read between two sightings of the same block `to`: they belong to the chain that ends there.
  if ((await ctx.adapter.blockHash(to)) !== toHash || found.some((t) => t.blockNumber === to && t.blockHash !== toHash))
    return null;
  const blocks = new Map<bigint, string>([[to, toHash]]);
  for (const t of found) blocks.set(t.blockNumber, t.blockHash);
  return fenced(ctx, async (trx) => {
    const stored = await storeTransfers(trx, found, (t) => confirmationsAt(head.number, t.blockNumber));
    await rememberBlocks(
      trx,
      ctx.chainId,
      [...blocks].map(([number, hash]) => ({ number, hash })),
    );
    await moveCursor(trx, ctx.chainId, { nextBlock: to + 1n, head });
    for (const transfer of stored) await hear(ctx, trx, transfer, ctx.listener.onTransferSeen);
    return stored.length;
  });
}

/**
 * Counts confirmations of the transfers still waiting. Before one is confirmed its block's hash is checked against
 * the node again: a block replaced since the scan rewinds to the fork instead (and nothing is confirmed this time).
 */
export async function confirmPending(
  ctx: WatcherContext,
  head: BlockRef,
  cursor: Cursor,
): Promise<{ confirmed: number; removed: number }> {
  const pending = await pendingTransfers(ctx.db, ctx.chainId);
  if (pending.length === 0) return { confirmed: 0, removed: 0 };
  const canonical = new Map<bigint, string | null>();
  for (const t of pending) {
    if (confirmationsAt(head.number, t.blockNumber) < ctx.confirmations) continue;
    if (!canonical.has(t.blockNumber)) canonical.set(t.blockNumber, await ctx.adapter.blockHash(t.blockNumber));
    const hash = canonical.get(t.blockNumber);
    // The node has no block there (it lags): nothing is confirmed until it does.
    if (hash === null) return { confirmed: 0, removed: 0 };
    if (hash !== t.blockHash) {
      const check = await findFork(ctx, cursor, t.blockNumber);
      if (check.kind === "lagging") return { confirmed: 0, removed: 0 };
      const fork = check.kind === "fork" ? check.at : cursor.startBlock - 1n;
      return { confirmed: 0, removed: await rewind(ctx, fork, cursor) };
    }
  }
  // One statement per block: every transfer in a block has the same number of confirmations.
  const blocks = new Set<bigint>();
  for (const t of pending) {
    const confirmations = confirmationsAt(head.number, t.blockNumber);
    if (confirmations !== t.confirmations || confirmations >= ctx.confirmations) blocks.add(t.blockNumber);
  }
  const confirmed = await fenced(ctx, async (trx) => {
    let count = 0;
    for (const block of blocks) {
      const confirmations = confirmationsAt(head.number, block);
      const done = confirmations >= ctx.confirmations;
      for (const transfer of await setBlockConfirmations(trx, ctx.chainId, block, confirmations, done)) {
        if (done) {
          count++;
          await hear(ctx, trx, transfer, ctx.listener.onTransferConfirmed);
        } else {
          await hear(ctx, trx, transfer, ctx.listener.onConfirmations);
        }
      }
    }
    return count;
  });
  return { confirmed, removed: 0 };
}
