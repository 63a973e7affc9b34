import type { Kysely } from "kysely";
import type { Listen } from "../../db/listen.ts";
import type { DatabaseEngine } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { type JobQueue, startJobQueue } from "../platform/job-queue.ts";
import type { DeliveryDeps } from "./attempt-delivery.ts";
import {
  type DeliveryEngine,
  type DeliveryEngineOptions,
  type EngineLog,
  startDeliveryEngine,
} from "./delivery-engine.ts";

export interface CallbackDeliveriesOptions extends Omit<DeliveryDeps, "db"> {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  listen: Listen;
  /** The schema owner installed the job queue's schema (split roles): this process only uses it. */
  jobQueueMigrated?: boolean;
  log?: EngineLog;
  onAttempt?: DeliveryEngineOptions["onAttempt"];
}

export interface CallbackDeliveries {
  queue: JobQueue;
  engine: DeliveryEngine;
  /** The engine, then the queue (its running attempts finish and are recorded): before the database closes. */
  stop(): Promise<void>;
}

/** The job queue and the callback delivery engine of a server process (server/main.ts, a harness that asks for it). */
export async function startCallbackDeliveries(options: CallbackDeliveriesOptions): Promise<CallbackDeliveries> {
  const { engine: databaseEngine, listen, jobQueueMigrated, log, onAttempt, ...deps } = options;
  // Polling is the backstop: a credit's NOTIFY wakes the sweep, and the sweep wakes the worker it sent a job for.
  const queue = await startJobQueue({
    db: deps.db,
    engine: databaseEngine,
    migrate: !jobQueueMigrated,
    pollingIntervalSeconds: 1,
    // An attempt whose process died (its heartbeat stopped) is retried within about 20 s.
    superviseIntervalSeconds: 10,
  });
  try {
    const engine = await startDeliveryEngine({ queue, deps, listen, log, onAttempt });
    return {
      queue,
      engine,
      async stop() {
        await engine.stop();
        await queue.stop();
      },
    };
  } catch (error) {
    await queue.stop();
    throw error;
  }
}
