import { createHash } from "node:crypto";
import type { JobQueue } from "./job-queue.ts";

/**
 * A run per chain and interval as pg-boss jobs (collection, withdrawals): every `intervalMs` each instance queues each
 * chain's run under one job id — a UUID made from the queue, the chain and the interval, the same on every instance —
 * so however many instances there are, one job per chain and interval exists and one worker runs it. A run that throws
 * is retried by the queue (twice, 5 s apart). Answers the stop.
 */
export async function runPerChainAndInterval(options: {
  queue: JobQueue;
  name: string;
  chainIds: readonly number[];
  intervalMs: number;
  run: (chainId: number) => Promise<void>;
  /** Told when a run could not be queued. */
  onQueueError: (error: Error) => void;
}): Promise<() => Promise<void>> {
  const { queue, name, intervalMs } = options;
  await queue.work<{ chainId: number }>(name, (job) => options.run(job.data.chainId));
  const queueRuns = async () => {
    const slot = Math.floor(Date.now() / intervalMs);
    for (const chainId of options.chainIds)
      await queue
        .send(name, { chainId }, { id: intervalJobId(name, chainId, slot), retryLimit: 2, retryDelay: 5 })
        .catch(options.onQueueError);
  };
  await queueRuns();
  const timer = setInterval(() => void queueRuns(), intervalMs);
  timer.unref();
  return async () => clearInterval(timer);
}

function intervalJobId(name: string, chainId: number, slot: number): string {
  const hex = createHash("sha256").update(`${name}:${chainId}:${slot}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
