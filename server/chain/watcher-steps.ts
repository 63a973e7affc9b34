import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { BlockHeader, BlockRef, ChainAdapter, TokenTransfer, WatchedAddresses } from "./chain-adapter.ts";
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
  storedBlockHash,
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
  /** The newest blocks, this many below the head and up, are read one by one by hash (scanRange). */
  byHashBlocks: number;
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
export async function hear(
  ctx: WatcherContext,
  trx: Kysely<DB>,
  transfer: StoredTransfer,
  call: ListenerCall | undefined,
) {
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
export function fenced<T>(ctx: WatcherContext, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
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

/** Where a scan step stopped: the first block not scanned yet, and how many transfers it found new (or back). */
export interface ScanStep {
  seen: number;
  next: bigint;
  /** Stopped short of the step's end because the node lags or the chain moved: ask again after the usual pause. */
  stalled: boolean;
}

/**
 * Scans from `from` towards `to` and stores what it finds with the cursor's move, in one transaction. The blocks in
 * the last `byHashBlocks` below the head are read one by one by hash (scanByHash); the older ones by one range query,
 * up to the first of those. Answers null when nothing could be read (the chain changed under the scan, or the node
 * lags): try again.
 */
export async function scanRange(
  ctx: WatcherContext,
  head: BlockRef,
  from: bigint,
  to: bigint,
  watched: WatchedAddresses,
): Promise<ScanStep | null> {
  const recent = head.number - BigInt(ctx.byHashBlocks) + 1n;
  if (from >= recent) return scanByHash(ctx, head, from, to, watched);
  const end = to < recent ? to : recent - 1n;
  const read = await readRange(ctx, from, end, end === head.number ? head.hash : undefined, watched);
  if (!read) return null;
  const seen = await store(ctx, head, read.found, read.blocks);
  return { seen, next: end + 1n, stalled: false };
}

/** What one read of blocks found: the transfers, and the blocks they (and the read's end) are in. */
export interface BlocksRead {
  found: TokenTransfer[];
  blocks: BlockRef[];
}

/**
 * The transfers to `watched` in [from, end] by one range query, read between two sightings of block `end` (its hash
 * when known): they belong to the chain that ends there. Null when the chain moved under the read.
 */
export async function readRange(
  ctx: WatcherContext,
  from: bigint,
  end: bigint,
  knownEndHash: string | undefined,
  watched: WatchedAddresses,
): Promise<BlocksRead | null> {
  const endHash = knownEndHash ?? (await ctx.adapter.blockHash(end));
  if (!endHash) return null;
  const found = await ctx.adapter.transfers({ fromBlock: from, toBlock: end, tokens: ctx.tokens, watched });
  // A backend behind `end` could answer the logs clamped at its head, which is why this is only asked of blocks far
  // enough below the head (byHashBlocks) that no backend still in service is that far behind.
  if (
    (await ctx.adapter.blockHash(end)) !== endHash ||
    found.some((t) => t.blockNumber === end && t.blockHash !== endHash)
  )
    return null;
  const blocks = new Map<bigint, string>([[end, endHash]]);
  for (const t of found) blocks.set(t.blockNumber, t.blockHash);
  return { found, blocks: [...blocks].map(([number, hash]) => ({ number, hash })) };
}

/**
 * The newest blocks, one by one: the block at each height (hash and parent), then its logs by that hash (EIP-234). A
 * node that does not have the block answers an error, never an empty list, so a load balancer's backend behind cannot
 * make a payment look absent: a missing block or a failed answer stops the scan there (the node lags, ask again), and
 * what was read before it is stored. Each block must name the one before as its parent (the stored one below `from`
 * when kept), so the blocks stored form one chain; another parent means the chain moved under the scan: stop there.
 */
async function scanByHash(
  ctx: WatcherContext,
  head: BlockRef,
  from: bigint,
  to: bigint,
  watched: WatchedAddresses,
): Promise<ScanStep | null> {
  const { found, blocks } = await readByHash(ctx, from, to, watched);
  const last = blocks.at(-1);
  if (!last) return null;
  const seen = await store(ctx, head, found, blocks);
  return { seen, next: last.number + 1n, stalled: last.number < to };
}

/** Blocks `from` to `to` one by one by hash (scanByHash), up to the first the node lacks or that breaks the chain. */
export async function readByHash(
  ctx: WatcherContext,
  from: bigint,
  to: bigint,
  watched: WatchedAddresses,
): Promise<BlocksRead> {
  let parent = await storedBlockHash(ctx.db, ctx.chainId, from - 1n);
  const blocks: BlockHeader[] = [];
  const found: TokenTransfer[] = [];
  for (let number = from; number <= to; number++) {
    const block = await ctx.adapter.header(number);
    if (!block || block.number !== number || (parent !== undefined && block.parentHash !== parent)) break;
    try {
      found.push(...(await ctx.adapter.blockTransfers({ block, tokens: ctx.tokens, watched })));
    } catch (error) {
      ctx.log.warn(
        { chainId: ctx.chainId, block: number.toString(), hash: block.hash, err: error },
        "the node has no logs for a block it named (it lags); asking again later",
      );
      break;
    }
    blocks.push(block);
    parent = block.hash;
  }
  return { found, blocks };
}

/** The transfers found, the blocks read and the cursor's move past the last of them, in one fenced transaction. */
function store(
  ctx: WatcherContext,
  head: BlockRef,
  found: readonly TokenTransfer[],
  blocks: readonly BlockRef[],
): Promise<number> {
  const top = blocks.reduce((a, b) => (b.number > a ? b.number : a), -1n);
  return fenced(ctx, async (trx) => {
    const stored = await storeTransfers(trx, found, (t) => confirmationsAt(head.number, t.blockNumber));
    await rememberBlocks(
      trx,
      ctx.chainId,
      blocks.map(({ number, hash }) => ({ number, hash })),
    );
    await moveCursor(trx, ctx.chainId, { nextBlock: top + 1n, head });
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
