import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { BlockRef, TokenTransfer } from "./chain-adapter.ts";
import { type Cursor, loadCursor, storeTransfers } from "./store.ts";
import {
  type BlocksRead,
  confirmationsAt,
  fenced,
  hear,
  readByHash,
  readRange,
  type WatcherContext,
} from "./watcher-steps.ts";

/** Addresses whose past is read together: as many as the node takes in one topic filter. */
const addressesPerPass = 100;

interface UnreadAddress {
  id: string;
  address: string;
  readTo: bigint | null;
}

export interface HistoryPass {
  /** Transfers stored that the scans had passed by. */
  seen: number;
  /** Addresses whose past is still being read: run another pass. */
  more: boolean;
}

/**
 * Reads the past of deposit addresses the scans took over late. A deposit address can be computed before it is
 * issued (CREATE2), so a transfer to it may sit in a block scanned before it was in the address book: the scans go on
 * from where they are once it is (address-book.ts), and this pass reads the blocks below, from the cursor's start to
 * the last scanned, for up to 100 such addresses at once, then marks them read (migration 0026). An address with no
 * stored transfer and nothing of any token at the last scanned block has no past to read: only the factory's sweeps
 * take tokens out of a forwarder, and an address with nothing stored is never swept. Older blocks are read by range,
 * the newest (`byHashBlocks`) one by one by hash, as the scans read them; at most `maxSteps` ranges a pass, so a long
 * past is read over several ticks. What it finds is stored and heard as the scans' finds are, and confirmed by them.
 */
export async function readAddressHistory(
  ctx: WatcherContext,
  head: BlockRef,
  options: { blocksPerStep: bigint; maxSteps: number },
): Promise<HistoryPass> {
  const unread = await unreadAddresses(ctx.db, ctx.chainId);
  if (unread.length === 0) return { seen: 0, more: false };
  const cursor = await loadCursor(ctx.db, ctx.chainId);
  if (!cursor) return { seen: 0, more: true };
  const scanned = cursor.nextBlock - 1n;
  const quiet = scanned < cursor.startBlock ? unread : await withoutPast(ctx, unread, scanned);
  const toRead = unread.filter((a) => !quiet.includes(a));
  const read = toRead.length === 0 ? null : await readPast(ctx, head, cursor, toRead, options);
  // The chain moved under a read: after the usual pause, not at once.
  if (toRead.length > 0 && !read) return { seen: 0, more: false };
  return fenced(ctx, async (trx) => {
    // Only this lease holder moves the cursor; a rewind since the reads would make them stale: read again next tick.
    const now = await loadCursor(trx, ctx.chainId);
    if (now?.nextBlock !== cursor.nextBlock) return { seen: 0, more: false };
    let seen = 0;
    if (read) {
      if (!(await blocksAgree(trx, ctx.chainId, read.blocks))) return { seen: 0, more: false };
      const stored = await storeTransfers(trx, read.found, (t) => confirmationsAt(head.number, t.blockNumber));
      await rememberTransferBlocks(trx, ctx.chainId, read.found);
      for (const transfer of stored) await hear(ctx, trx, transfer, ctx.listener.onTransferSeen);
      seen = stored.length;
      await markRead(trx, toRead, read.readTo, read.readTo >= scanned);
    }
    await markRead(trx, quiet, scanned, true);
    if (seen > 0)
      ctx.log.warn(
        { chainId: ctx.chainId, transfers: seen },
        "transfers made to deposit addresses before they were issued were found",
      );
    // Another pass at once while this one moved on: a full batch, or a long past read only in part.
    const partly = read !== null && read.readTo < scanned && read.blocks.length > 0;
    return { seen, more: unread.length === addressesPerPass || partly };
  });
}

async function unreadAddresses(db: Kysely<DB>, chainId: number): Promise<UnreadAddress[]> {
  const rows = await db
    .selectFrom("deposit_addresses")
    .select(["id", "address", "history_read_to"])
    .where("chain_id", "=", chainId)
    .where("history_read", "=", false)
    .orderBy("id")
    .limit(addressesPerPass)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    readTo: r.history_read_to === null ? null : BigInt(r.history_read_to),
  }));
}

/** The addresses with no stored transfer and none of any token at `block`: nothing in their past to find. */
async function withoutPast(ctx: WatcherContext, unread: UnreadAddress[], block: bigint): Promise<UnreadAddress[]> {
  const stored = await ctx.db
    .selectFrom("chain_transfers")
    .select("to_address")
    .distinct()
    .where("chain_id", "=", String(ctx.chainId))
    .where(
      "to_address",
      "in",
      unread.map((a) => a.address),
    )
    .execute();
  const withTransfers = new Set(stored.map((r) => r.to_address.toLowerCase()));
  const candidates = unread.filter((a) => !withTransfers.has(a.address.toLowerCase()));
  if (candidates.length === 0) return [];
  // Every token's balances in one go (one request where the node takes batches); a failure fails the pass, never "quiet".
  const holders = candidates.map((a) => a.address);
  const balances = await Promise.all(ctx.tokens.map((token) => ctx.adapter.tokenBalances(token, holders, block)));
  return candidates.filter((_, i) => balances.every((ofToken) => ofToken[i] === 0n));
}

/**
 * The past of `addresses` from the first block one of them still needs up to the last scanned: by range below the
 * newest blocks, then one by one by hash. Null when the chain moved under a read; `readTo` short of the last scanned
 * when the pass stopped after `maxSteps` ranges or at a block the node lacks.
 */
async function readPast(
  ctx: WatcherContext,
  head: BlockRef,
  cursor: Cursor,
  addresses: UnreadAddress[],
  options: { blocksPerStep: bigint; maxSteps: number },
): Promise<(BlocksRead & { readTo: bigint }) | null> {
  const watched = new Set(addresses.map((a) => a.address.toLowerCase()));
  const scanned = cursor.nextBlock - 1n;
  const recent = head.number - BigInt(ctx.byHashBlocks) + 1n;
  let from = addresses.reduce((low, a) => {
    const next = a.readTo === null ? cursor.startBlock : a.readTo + 1n;
    return next < low ? next : low;
  }, scanned + 1n);
  const found: TokenTransfer[] = [];
  const blocks: BlockRef[] = [];
  for (let steps = 0; from <= scanned && from < recent; steps++) {
    if (steps === options.maxSteps) return { found, blocks, readTo: from - 1n };
    const end = [from + options.blocksPerStep - 1n, recent - 1n, scanned].reduce((a, b) => (b < a ? b : a));
    const read = await readRange(ctx, from, end, undefined, watched);
    if (!read) return null;
    found.push(...read.found);
    blocks.push(...read.blocks);
    from = end + 1n;
  }
  if (from <= scanned) {
    const read = await readByHash(ctx, from, scanned, watched);
    found.push(...read.found);
    blocks.push(...read.blocks);
    // Stopped at a block the node lacks (it lags): what was read counts, the rest waits for the next pass.
    const last = read.blocks.at(-1);
    if (last) from = last.number + 1n;
  }
  return { found, blocks, readTo: from - 1n };
}

/** Whether every block read is the one the scans stored at its height, where they kept one. */
async function blocksAgree(db: Kysely<DB>, chainId: number, blocks: readonly BlockRef[]): Promise<boolean> {
  if (blocks.length === 0) return true;
  const stored = await db
    .selectFrom("chain_blocks")
    .select(["number", "hash"])
    .where("chain_id", "=", String(chainId))
    .where(
      "number",
      "in",
      blocks.map((b) => String(b.number)),
    )
    .execute();
  const byNumber = new Map(stored.map((b) => [b.number, b.hash]));
  return blocks.every((b) => (byNumber.get(String(b.number)) ?? b.hash) === b.hash);
}

/** The blocks of the transfers found, kept for the reorganisation checks like the scans' (never replacing one). */
async function rememberTransferBlocks(db: Kysely<DB>, chainId: number, found: readonly TokenTransfer[]) {
  if (found.length === 0) return;
  const blocks = new Map(found.map((t) => [t.blockNumber, t.blockHash]));
  await db
    .insertInto("chain_blocks")
    .values([...blocks].map(([number, hash]) => ({ chain_id: String(chainId), number: String(number), hash })))
    .onConflict((oc) => oc.columns(["chain_id", "number"]).doNothing())
    .execute();
}

async function markRead(db: Kysely<DB>, addresses: readonly UnreadAddress[], readTo: bigint, done: boolean) {
  if (addresses.length === 0) return;
  await db
    .updateTable("deposit_addresses")
    .set({ history_read_to: String(readTo), history_read: done })
    .where(
      "id",
      "in",
      addresses.map((a) => a.id),
    )
    .execute();
}
