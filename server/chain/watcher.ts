import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { WatchedAddressBook } from "./address-book.ts";
import type { BlockRef, ChainAdapter } from "./chain-adapter.ts";
import { LeaseLost, releaseLease, takeLease } from "./lease.ts";
import type { ChainListener, WatcherLog } from "./listener.ts";
import { silentLog } from "./listener.ts";
import { createCursor, type Cursor, loadCursor, pruneBlocks } from "./store.ts";
import { readAddressHistory } from "./watcher-history.ts";
import { confirmPending, findFork, rewind, scanRange, type WatcherContext } from "./watcher-steps.ts";

export interface WatcherSettings {
  product: string;
  chainId: number;
  /** Token contracts (checksummed or not) whose transfers count. */
  tokens: readonly string[];
  /** A transfer is confirmed when head - block + 1 reaches this. */
  confirmations: number;
  /** Where a chain's first cursor starts; by default the head at that moment (nothing older can be ours). */
  startBlock?: bigint;
  /** Blocks per scan step (one transaction each). */
  scanBlocks?: number;
  /** Scan steps per tick before the watcher renews its lease and looks at the head again. */
  maxStepsPerTick?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Block hashes kept below the head for reorganisation checks. */
  keepBlocks?: number;
  /**
   * The newest blocks, this many below the head and up, are read one by one, their logs by block hash (EIP-234), so a
   * load-balanced backend behind cannot answer them with a silent partial list; older ones by range. Default: 64, or
   * four times the confirmations when that is more.
   */
  byHashBlocks?: number;
}

export interface WatcherDeps {
  db: Kysely<DB>;
  adapter: ChainAdapter;
  addressBook: WatchedAddressBook;
  listener?: ChainListener;
  /** This instance's name in the lease table; unique per process by default. */
  holder?: string;
  log?: WatcherLog;
}

export interface TickReport {
  leader: boolean;
  head?: bigint;
  seen: number;
  confirmed: number;
  removed: number;
  /** More blocks wait to be scanned: tick again at once. */
  behind: boolean;
  /** The node answered below what was already seen (a lagging backend): nothing was done, ask again later. */
  lagging?: boolean;
}

export interface Watcher {
  readonly holder: string;
  /** One step: take or renew the lease, check for a reorganisation, scan towards the head, count confirmations. */
  tick(): Promise<TickReport>;
  start(): void;
  /** Stops after the current tick and gives the lease up, so another instance takes over at once. */
  stop(): Promise<void>;
  /** Stops without giving the lease up, as a crashed instance would. For tests. */
  abandon(): Promise<void>;
}

/** The newest blocks read by hash unless configured: 64, or four times the confirmations when that is more. */
export function defaultByHashBlocks(confirmations: number): number {
  return Math.max(64, confirmations * 4);
}

export function newHolderId(): string {
  return `${hostname()}/${process.pid}/${randomBytes(4).toString("hex")}`;
}

export function createWatcher(settings: WatcherSettings, deps: WatcherDeps): Watcher {
  const holder = deps.holder ?? newHolderId();
  const log = deps.log ?? silentLog;
  const leaseMs = settings.leaseMs ?? 15_000;
  const pollMs = settings.pollMs ?? 1_000;
  const keepBlocks = BigInt(settings.keepBlocks ?? Math.max(128, settings.confirmations * 4));
  const ctx: WatcherContext = {
    db: deps.db,
    log,
    adapter: deps.adapter,
    listener: deps.listener ?? {},
    chainId: settings.chainId,
    holder,
    leaseMs,
    confirmations: settings.confirmations,
    tokens: settings.tokens,
    byHashBlocks: settings.byHashBlocks ?? defaultByHashBlocks(settings.confirmations),
  };
  let checkedGenesis = false;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function cursorFor(head: BlockRef): Promise<{ cursor: Cursor; removed: number }> {
    const cursor = await loadCursor(ctx.db, ctx.chainId);
    if (cursor && checkedGenesis) return { cursor, removed: 0 };
    const genesis = await ctx.adapter.genesisHash();
    if (!cursor) {
      await createCursor(ctx.db, ctx.chainId, settings.startBlock ?? head.number, genesis);
      checkedGenesis = true;
      return { cursor: (await loadCursor(ctx.db, ctx.chainId))!, removed: 0 };
    }
    if (genesis === cursor.genesisHash) {
      checkedGenesis = true;
      return { cursor, removed: 0 };
    }
    // Another chain behind the same id (a devnet started afresh): whatever we saw on the old one is gone.
    log.warn({ chainId: ctx.chainId, genesis }, "chain has a new genesis block: rescanning from the start");
    const startBlock = settings.startBlock ?? cursor.startBlock;
    const removed = await rewind(ctx, startBlock - 1n, { ...cursor, startBlock }, genesis);
    checkedGenesis = true;
    return { cursor: (await loadCursor(ctx.db, ctx.chainId))!, removed };
  }

  async function tick(): Promise<TickReport> {
    const report: TickReport = { leader: false, seen: 0, confirmed: 0, removed: 0, behind: false };
    if (!(await takeLease(ctx.db, ctx.chainId, holder, leaseMs))) {
      checkedGenesis = false;
      return report;
    }
    report.leader = true;
    const head = await ctx.adapter.head();
    report.head = head.number;
    const { cursor, removed } = await cursorFor(head);
    report.removed += removed;
    // A head below what was scanned, or a stored block the node does not have: it lags. Wait for it; never rewind.
    const check =
      head.number < cursor.nextBlock - 1n ? { kind: "lagging" as const } : await findFork(ctx, cursor, undefined);
    if (check.kind === "lagging") {
      log.warn(
        { chainId: ctx.chainId, head: head.number.toString(), scanned: (cursor.nextBlock - 1n).toString() },
        "the node lags behind the blocks already seen; waiting for it",
      );
      return { ...report, lagging: true };
    }
    if (check.kind === "fork") {
      log.warn(
        { chainId: ctx.chainId, fork: check.at.toString(), head: head.number.toString() },
        "reorganisation: rescanning above the fork",
      );
      report.removed += await rewind(ctx, check.at, cursor);
      return { ...report, behind: true };
    }
    // Loaded after the head; a deposit address paid before it was handed out is found by the history pass below.
    const watched = await deps.addressBook.load();
    let next = cursor.nextBlock;
    const blocksPerStep = BigInt(settings.scanBlocks ?? 500);
    for (let steps = 0; next <= head.number; steps++) {
      if (steps === (settings.maxStepsPerTick ?? 20)) {
        report.behind = true;
        break;
      }
      const to = next + blocksPerStep - 1n < head.number ? next + blocksPerStep - 1n : head.number;
      const step = await scanRange(ctx, head, next, to, watched);
      // The chain moved under the scan, or the node lags: look again after the usual pause, not in a tight loop.
      if (step === null) break;
      report.seen += step.seen;
      next = step.next;
      if (step.stalled) break;
    }
    // A node that fails the history's questions (a backend behind, a call refused) holds back no confirmation.
    const history = await readAddressHistory(ctx, head, {
      blocksPerStep,
      maxSteps: settings.maxStepsPerTick ?? 20,
    }).catch((error: unknown) => {
      if (error instanceof LeaseLost) throw error;
      log.warn({ chainId: ctx.chainId, err: error }, "reading deposit addresses' past failed; trying again later");
      return { seen: 0, more: false };
    });
    report.seen += history.seen;
    if (history.more) report.behind = true;
    const confirmed = await confirmPending(ctx, head, cursor);
    if (confirmed.removed > 0) report.behind = true;
    report.confirmed += confirmed.confirmed;
    report.removed += confirmed.removed;
    await pruneBlocks(ctx.db, ctx.chainId, head.number - keepBlocks);
    return report;
  }

  async function run(): Promise<void> {
    while (running) {
      let delay = pollMs;
      try {
        const report = await tick();
        if (!report.leader) delay = Math.max(250, Math.floor(leaseMs / 3));
        else if (report.behind) delay = 0;
      } catch (error) {
        if (error instanceof LeaseLost) log.warn({ chainId: ctx.chainId }, error.message);
        else
          log.error(
            { err: error, chainId: ctx.chainId, product: settings.product },
            "chain watcher step failed; retrying",
          );
        delay = Math.max(pollMs, 2_000);
      }
      if (running && delay > 0)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  }

  async function halt(release: boolean): Promise<void> {
    running = false;
    wake?.();
    await loop;
    loop = null;
    if (release) await releaseLease(ctx.db, ctx.chainId, holder);
  }

  return {
    holder,
    tick,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    stop: () => halt(true),
    abandon: () => halt(false),
  };
}
