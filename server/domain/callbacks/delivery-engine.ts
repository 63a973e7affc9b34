import type { Listen } from "../../db/listen.ts";
import type { JobQueue, QueuedJob } from "../platform/job-queue.ts";
import type { DeliveryDeps } from "./attempt-delivery.ts";
import { batchedAttempts } from "./batched-attempts.ts";
import { notifyChannels } from "../platform/notify-channels.ts";
import { type AttemptJob, attemptJobId, deliveryQueue } from "./delivery-jobs.ts";

export interface EngineLog {
  warn(details: object, message: string): void;
}

export interface DeliveryEngineOptions {
  queue: JobQueue;
  deps: DeliveryDeps;
  /** LISTEN on callback_due: a committed credit wakes the sweep at once. Without it, only the period sweeps. */
  listen?: Listen;
  /** The sweep's period (2 s): new deliveries without a notification, retries come due, lost jobs. */
  sweepEveryMs?: number;
  /**
   * Workers in this process (4), each fetching up to `batchSize` (25) jobs and attempting them side by side: most of an
   * attempt is waiting for the receiver. A worker fetches again once its whole batch is done.
   */
  workers?: number;
  batchSize?: number;
  /**
   * How long answered attempts wait for the others being sent to be recorded with them (20 ms) once the group before
   * theirs is recorded: batched-attempts.ts.
   */
  groupWaitMs?: number;
  /** Due deliveries the sweep reads at a time (500). */
  sweepBatch?: number;
  log?: EngineLog;
  /** Hears each automatic attempt's result (the server's metrics). */
  onAttempt?: (result: "delivered" | "retrying" | "failed") => void;
}

export interface DeliveryEngine {
  /** Sends the job of every due delivery that has none (one pass at a time; a call while one runs makes one more). */
  sweep(): Promise<void>;
  /** Stops sweeping and listening; the queue (and its workers) is stopped by its owner afterwards. */
  stop(): Promise<void>;
}

const attemptResult = { success: "delivered", pending: "retrying", failed: "failed" } as const;

/** A job that reaches its worker this much before its delivery is due (clocks apart) waits; a longer gap retries. */
const earlyWaitMs = 30_000;
/**
 * A due delivery whose job failed (its five retries, 5 s doubling, ran out: the database was away) is noticed by the
 * sweep once it has been due this long, at most `stuckChecks` of them a pass (a backlog is not a job lost).
 */
const stuckAfterMs = 5 * 60_000;
const stuckChecks = 50;

/**
 * Delivers callbacks through the job queue, any number of instances sharing one database: a job per due attempt (its id
 * derived from the delivery and its attempts, so instances asking for the same attempt make one job), a worker that
 * attempts a delivery only while it is pending, due and at that attempt, and a sweep over the due deliveries (the
 * partial index callback_deliveries_due) that sends what has no job: new deliveries, retries come due, redeliveries
 * asked for, jobs lost. A worker's failed attempt sends the next attempt's job itself, to start when it is due.
 */
export async function startDeliveryEngine(options: DeliveryEngineOptions): Promise<DeliveryEngine> {
  const { queue, deps } = options;
  const sweepBatch = options.sweepBatch ?? 500;
  const expireInSeconds = Math.ceil((deps.timeoutMs ?? 10_000) / 1000) + 50;

  const jobOptions = (job: AttemptJob) => ({
    id: attemptJobId(job),
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds,
    // A process that dies during an attempt stops its heartbeat: the job is retried at the next supervision.
    heartbeatSeconds: 10,
  });
  const sendJob = (job: AttemptJob, startAfter: Date) =>
    queue.send(deliveryQueue, job, { ...jobOptions(job), startAfter });

  const batched = batchedAttempts(deps, options.groupWaitMs);

  const workerId = await queue.work<AttemptJob>(deliveryQueue, (job) => work(job), {
    localConcurrency: options.workers ?? 4,
    batchSize: options.batchSize ?? 25,
  });

  function work({ data }: QueuedJob<AttemptJob>): Promise<void> {
    return attemptJob(data);
  }

  async function attemptJob(data: AttemptJob): Promise<void> {
    // The check and what the attempt sends (the delivery, the application's URLs and webhook secrets) in one read.
    const row = await batched.read(data.deliveryId);
    // Gone (its application deleted), finished, or this attempt was made already (a manual one, another job): stale.
    if (
      row?.event_id !== data.eventId ||
      row.status !== "pending" ||
      row.attempts !== data.attempts ||
      row.next_attempt_at === null
    )
      return;
    const early = row.next_attempt_at.getTime() - deps.clock().getTime();
    if (early > earlyWaitMs)
      throw new Error(`delivery ${data.deliveryId} is not due before ${row.next_attempt_at.toISOString()}`);
    if (early > 0) {
      // Read again once due: the URL and the secrets sent are the ones live then.
      await new Promise((resolve) => setTimeout(resolve, early));
      return attemptJob(data);
    }
    const recorded = await batched.attempt(row);
    if (recorded) options.onAttempt?.(attemptResult[recorded.deliveryStatus]);
    if (recorded?.deliveryStatus === "pending" && recorded.nextRetryAt)
      await sendJob({ ...data, attempts: recorded.attemptNo }, recorded.nextRetryAt);
  }

  /** One pass over every due delivery, a page at a time (by due time and id, so a page of jobs already there is passed). */
  async function sweepOnce(): Promise<void> {
    const now = deps.clock();
    let after: { at: Date; id: string } | null = null;
    let sent = 0;
    let checks = 0;
    for (;;) {
      const cursor: { at: Date; id: string } | null = after;
      const due: { id: string; event_id: string; attempts: number; next_attempt_at: Date | null }[] = await deps.db
        .selectFrom("callback_deliveries")
        .select(["id", "event_id", "attempts", "next_attempt_at"])
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .$if(cursor !== null, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb("next_attempt_at", ">", cursor!.at),
              eb.and([eb("next_attempt_at", "=", cursor!.at), eb("id", ">", cursor!.id)]),
            ]),
          ),
        )
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(sweepBatch)
        .execute();
      const jobs = due.map((delivery) => ({
        deliveryId: delivery.id,
        eventId: delivery.event_id,
        attempts: delivery.attempts,
      }));
      const added = new Set(
        await queue.sendMany(
          deliveryQueue,
          jobs.map((job) => ({ data: job, ...jobOptions(job) })),
        ),
      );
      sent += added.size;
      for (const [i, job] of jobs.entries()) {
        const dueAt = due[i]?.next_attempt_at;
        const id = attemptJobId(job);
        if (added.has(id) || !dueAt || now.getTime() - dueAt.getTime() <= stuckAfterMs || checks >= stuckChecks)
          continue;
        checks += 1;
        // Its job is there but not coming: one whose retries ran out is made due again.
        if ((await queue.jobState(deliveryQueue, id))?.state === "failed") await queue.retry(deliveryQueue, id);
      }
      if (sent > 0) queue.wake(workerId);
      const last = due[due.length - 1];
      if (due.length < sweepBatch || !last?.next_attempt_at || stopped) return;
      after = { at: last.next_attempt_at, id: last.id };
    }
  }

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const sweep = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await sweepOnce();
        } while (again && !stopped);
      } catch (error) {
        options.log?.warn({ err: error }, "callback delivery sweep failed; the next one tries again");
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const timer = setInterval(() => void sweep(), options.sweepEveryMs ?? 2000);
  timer.unref();
  const unlisten = options.listen
    ? await options.listen(notifyChannels.callbackDue, { onPayload: () => void sweep(), onGap: () => void sweep() })
    : null;
  await sweep();

  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}
