import DataLoader from "dataloader";
import { attemptLoadedDelivery, type DeliveryDeps, type DeliveryToSend, deliveriesToSend } from "./attempt-delivery.ts";
import type { RecordedAttempt } from "./attempt-move.ts";
import { type AttemptToRecord, recordGroup } from "./record-attempt.ts";

export interface BatchedAttempts {
  /** The delivery as `deliveryToSend` reads it; the reads asked for in the same tick go in one statement. */
  read(deliveryId: string): Promise<DeliveryToSend | undefined>;
  /** `attemptLoadedDelivery` of an automatic (or requested manual) attempt, its record made in a group. */
  attempt(row: DeliveryToSend): Promise<RecordedAttempt | null>;
}

/**
 * The delivery engine's database work of many attempts in few statements, most of an attempt's cost
 * (bench/callback-bench.ts): the reads of a worker's batch, whose jobs start together, in one; the records as a group
 * commit — the attempts answered while a group's statement runs are recorded together in the next one, which starts,
 * once the one before it has ended, as soon as every attempt being sent has answered, or `groupWaitMs` (20 ms) later.
 * DataLoader does the gathering; its `batchScheduleFn` is the group commit's trigger.
 */
export function batchedAttempts(deps: DeliveryDeps, groupWaitMs = 20): BatchedAttempts {
  const reads = new DataLoader<string, DeliveryToSend | undefined>(
    async (ids) => {
      const rows = await deliveriesToSend(deps.db)
        .where("d.id", "in", [...ids])
        .execute();
      const byId = new Map(rows.map((row) => [row.delivery_id, row]));
      return ids.map((id) => byId.get(id));
    },
    { cache: false, maxBatchSize: 100 },
  );
  let recording: Promise<unknown> = Promise.resolve();
  let sending = 0;
  let dispatchEarly: (() => void) | null = null;
  const records = new DataLoader<AttemptToRecord, RecordedAttempt | null>(
    (attempts) => {
      const group = recordGroup(deps.db, attempts, deps);
      recording = group.catch(() => undefined);
      return group;
    },
    {
      cache: false,
      maxBatchSize: 100,
      batchScheduleFn: (dispatch) => {
        let dispatched = false;
        const dispatchOnce = () => {
          if (dispatched) return;
          dispatched = true;
          if (dispatchEarly === dispatchOnce) dispatchEarly = null;
          dispatch();
        };
        void recording.then(() => {
          if (sending === 0) return dispatchOnce();
          dispatchEarly = dispatchOnce;
          setTimeout(dispatchOnce, groupWaitMs);
        });
      },
    },
  );
  /** Attempts a delivery, its record in a group; `sending` counts it from before its send until its record is queued. */
  async function attempt(row: DeliveryToSend): Promise<RecordedAttempt | null> {
    sending += 1;
    let counted = true;
    const answered = () => {
      if (!counted) return;
      counted = false;
      sending -= 1;
      if (sending === 0) dispatchEarly?.();
    };
    try {
      return await attemptLoadedDelivery(deps, row, row.redelivery_requested ? "manual" : "auto", (attempt) => {
        const recorded = records.load(attempt);
        answered();
        return recorded;
      });
    } finally {
      answered();
    }
  }

  return { read: (deliveryId) => reads.load(deliveryId), attempt };
}
