import type { Kysely, Transaction } from "kysely";
import { type ConstructorOptions, fromKysely, type JobResult, PgBoss } from "pg-boss";
import { jobQueueSchema } from "../../db/job-queue-schema.ts";
import type { DatabaseEngine } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { pgBossOverLine } from "./pg-boss-over-line.ts";

export interface SendJobOptions {
  /** A UUID: a second send with the same id answers null and adds no job. */
  id?: string;
  startAfter?: Date | number;
  retryLimit?: number;
  /** Seconds before the first retry. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An active job whose worker neither finished nor failed it in this long is retried. */
  expireInSeconds?: number;
  /**
   * The worker refreshes an active job's heartbeat every half of this (at least 10 s); a job whose heartbeat stopped
   * (its process died) is retried by the next supervision, long before it would expire.
   */
  heartbeatSeconds?: number;
  /** Writes the job in this transaction: it exists only if the transaction commits (an outbox). */
  trx?: Transaction<DB>;
}

export interface QueuedJob<T> {
  id: string;
  data: T;
}

export interface WorkOptions {
  pollingIntervalSeconds?: number;
  /** Workers in this process, each fetching on its own. */
  localConcurrency?: number;
  /** Jobs a worker fetches at once (1), their handlers run side by side; each job completes or fails on its own. */
  batchSize?: number;
}

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

export interface JobQueue {
  send(queue: string, data: object, options?: SendJobOptions): Promise<string | null>;
  /** Many jobs in one statement (each with its own id and options); answers the ids it added (an id there already is not). */
  sendMany(queue: string, jobs: readonly (Omit<SendJobOptions, "trx"> & { data: object })[]): Promise<string[]>;
  /**
   * Runs `handler` for each job of `queue`, `batchSize` at a time per worker; a throw fails that job's attempt (retried
   * if allowed).
   * Answers the worker's id, for `wake`.
   */
  work<T>(queue: string, handler: (job: QueuedJob<T>) => Promise<void>, options?: WorkOptions): Promise<string>;
  /** The worker fetches now instead of at its next poll (a job was just sent for it). */
  wake(workerId: string): void;
  jobState(queue: string, id: string): Promise<{ state: JobState; retryCount: number } | null>;
  /** A failed job made due again (its retries ran out). */
  retry(queue: string, id: string): Promise<void>;
  /** Stops fetching, lets the handlers running finish, then lets go of the database. */
  stop(): Promise<void>;
  /** Resolves while the queue runs and answers through its own connection; throws once it stops (readiness). */
  health(): Promise<void>;
}

export interface StartJobQueueOptions {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  /** Maintenance (expiry, retention) on this instance; several instances may all do it. */
  supervise?: boolean;
  /** How often supervision runs and looks at each queue (60 s): expiry, lost heartbeats, retention. */
  superviseIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /**
   * Installs or upgrades the `pgboss` schema at start (true by default). False when the schema owner did it while
   * migrating (split roles: migrateJobQueue); the server's role then only uses it.
   */
  migrate?: boolean;
}

export async function startJobQueue(options: StartJobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss(bossOptions(options));
  boss.on("error", (error) => {
    process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: "job queue", err: error.message })}\n`);
  });
  await boss.start();
  let running = true;
  boss.on("stopped", () => {
    running = false;
  });
  const created = new Map<string, Promise<void>>();
  // Jobs are written to a queue that exists; created once per process, outside any caller's transaction.
  const ensureQueue = (queue: string) => {
    let creating = created.get(queue);
    if (!creating) {
      creating = boss.createQueue(queue);
      created.set(queue, creating);
      creating.catch(() => created.delete(queue));
    }
    return creating;
  };
  const polling = options.pollingIntervalSeconds;
  return {
    async send(queue, data, { trx, ...job } = {}) {
      await ensureQueue(queue);
      return boss.send(queue, data, { ...job, ...(trx ? { db: fromKysely(trx) } : {}) });
    },
    async sendMany(queue, jobs) {
      if (jobs.length === 0) return [];
      await ensureQueue(queue);
      return (await boss.insert(queue, [...jobs], { returnId: true })) ?? [];
    },
    async work(queue, handler, workOptions = {}) {
      await ensureQueue(queue);
      // A worker whose fetch came back full fetches again at once instead of waiting for its next poll.
      return boss.work<object>(
        queue,
        {
          batchSize: 1,
          pollingIntervalSeconds: polling,
          ...workOptions,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        (jobs) =>
          Promise.all(
            jobs.map(async (job): Promise<JobResult> => {
              try {
                await handler({ id: job.id, data: job.data as never });
                return { id: job.id, status: "completed" };
              } catch (error) {
                return {
                  id: job.id,
                  status: "failed",
                  output: { message: (error as Error)?.message ?? String(error) },
                };
              }
            }),
          ),
      );
    },
    wake: (workerId) => boss.notifyWorker(workerId),
    async jobState(queue, id) {
      const job = await boss.getJobById(queue, id);
      return job ? { state: job.state, retryCount: job.retryCount } : null;
    },
    async retry(queue, id) {
      await boss.retry(queue, id);
    },
    stop: () => {
      running = false;
      return boss.stop({ graceful: true, close: true });
    },
    async health() {
      if (!running) throw new Error("the job queue has stopped");
      await boss.schemaVersion();
    },
  };
}

function bossOptions(options: StartJobQueueOptions): ConstructorOptions {
  const { db, engine, supervise = true, migrate = true, superviseIntervalSeconds } = options;
  const common = {
    schema: jobQueueSchema,
    supervise,
    schedule: false,
    migrate,
    ...(superviseIntervalSeconds ? { superviseIntervalSeconds, monitorIntervalSeconds: superviseIntervalSeconds } : {}),
  } satisfies ConstructorOptions;
  if ("pglite" in engine) return { ...common, db: pgBossOverLine(db, engine.pglite), backend: "pglite" };
  return { ...common, connectionString: engine.connectionString, max: 4 };
}
