import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { runPerChainAndInterval } from "../platform/chain-interval-jobs.ts";
import type { JobQueue } from "../platform/job-queue.ts";
import type { ChainNode } from "../../chain/chain-node.ts";
import { type CollectChainDeps, type CollectionChain, type CollectReport, collectChain } from "./collect.ts";
import type { GasPayer } from "./gas-payer.ts";

export const collectionQueue = "collection";

/** A chain to collect, with its node (server/chain/chain-node.ts). */
export interface CollectedChain extends CollectionChain {
  node: ChainNode;
}

export interface CollectionOptions {
  db: Kysely<DB>;
  chains: readonly CollectedChain[];
  gasPayer: GasPayer;
  /** COLLECTION_THRESHOLD as text (collection-settings.ts). */
  threshold: string;
  holder?: string;
  recheckBlocks?: bigint;
  now?: () => Date;
}

const depsOf = (options: CollectionOptions, chain: CollectedChain): CollectChainDeps => ({
  db: options.db,
  chain,
  node: chain.node,
  gasPayer: options.gasPayer,
  threshold: options.threshold,
  holder: options.holder,
  recheckBlocks: options.recheckBlocks,
  now: options.now,
});

/** One run over every chain (tests, `npm run chain -- collect`): settles earlier sweeps, then sends the due ones. */
export async function collectOnce(options: CollectionOptions): Promise<CollectReport[]> {
  const reports: CollectReport[] = [];
  for (const chain of options.chains) reports.push(await collectChain(depsOf(options, chain)));
  return reports;
}

export interface StartCollectionOptions extends CollectionOptions {
  queue: JobQueue;
  /** How often each chain's run is queued; default 30 s. */
  intervalMs?: number;
  log?: (line: string) => void;
  /** Hears every run's report (the server's metrics), a busy one too. */
  onReport?: (report: CollectReport) => void;
}

/**
 * Collection as pg-boss jobs: every `intervalMs` each instance queues the chain's run for the current interval under
 * one job id (a hash of the chain and the interval), so however many instances there are, one job per chain and
 * interval exists and one worker runs it; the collection lease keeps even overlapping runs apart. A run that throws
 * (the node down) is retried by the queue, and the next interval's run settles whatever it left. Answers the stop.
 */
export async function startCollection(options: StartCollectionOptions): Promise<() => Promise<void>> {
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  return runPerChainAndInterval({
    queue: options.queue,
    name: collectionQueue,
    chainIds: options.chains.map((c) => c.chainId),
    intervalMs: options.intervalMs ?? 30_000,
    async run(chainId) {
      const chain = options.chains.find((c) => c.chainId === chainId);
      if (!chain) return;
      const report = await collectChain(depsOf(options, chain));
      options.onReport?.(report);
      if (report.sent || report.confirmed || report.removed || report.failed)
        log(JSON.stringify({ level: 30, time: Date.now(), msg: "collection", ...report }));
    },
    onQueueError: (error) =>
      log(JSON.stringify({ level: 50, time: Date.now(), msg: "collection", err: error.message })),
  });
}
