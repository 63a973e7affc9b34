import { type Kysely, sql } from "kysely";
import { callbackRetrySchedule } from "../../../contracts/schemas/callbacks.ts";
import type { DB, DeliveryStatusColumn } from "../../db/schema.ts";
import { notifyLive } from "../platform/live-changes.ts";
import { notifyChannels } from "../platform/notify-channels.ts";
import {
  attemptColumns,
  type DeliveryState,
  type Move,
  moveOf,
  type RecordedAttempt,
  recorded,
  type SentAttempt,
} from "./attempt-move.ts";

/** One attempt that was sent, and the delivery as read before its send. */
export interface AttemptToRecord {
  sent: SentAttempt;
  seen: DeliveryState;
}

/**
 * Records one attempt that was sent: exactly one attempt row, the delivery's move and its bill's, atomically. First in
 * one statement, on the condition that the delivery is still as it was read before the send (`seen`; every record
 * moves `attempts`, a redelivery request moves the status or the flag); when something moved it in between (a manual
 * redelivery and an automatic attempt at once), nothing is written and the record is made again with the delivery's
 * row locked, deciding from it as it is then. Null when the delivery is gone.
 */
export async function recordAttempt(
  db: Kysely<DB>,
  sent: SentAttempt,
  seen: DeliveryState,
  options: RecordOptions,
): Promise<RecordedAttempt | null> {
  const [only] = await recordGroup(db, [{ sent, seen }], options);
  if (only instanceof Error) throw only;
  return only ?? null;
}

export interface RecordOptions {
  clock: () => Date;
  retrySchedule?: readonly number[];
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * `recordAttempt` of many attempts that are none of each other's business (the delivery engine's group commit), in
 * order: the ones whose delivery is as it was read all in one statement, each row on its own condition (one that moved
 * is left out of it, not the others), then each of the rest under its row's lock. Two attempts of one delivery, or of
 * one bill, never share the statement (the second would be lost, or its bill's move taken at random): the later one is
 * recorded under the lock after it. An attempt that cannot be recorded has an Error in its place and fails alone: when
 * the statement fails (a row the database refuses), each attempt is recorded again on its own, so the others — whose
 * callbacks were sent and would otherwise be sent again — are recorded; an attempt recorded once is never again.
 */
export async function recordGroup(
  db: Kysely<DB>,
  attempts: readonly AttemptToRecord[],
  options: RecordOptions,
): Promise<(RecordedAttempt | null | Error)[]> {
  const schedule = options.retrySchedule ?? callbackRetrySchedule;
  const now = options.clock();
  const moves = attempts.map(({ sent, seen }) => moveOf(seen, sent, schedule, now));
  const deliveries = new Set<string>();
  const bills = new Set<string>();
  const together = new Set<number>();
  for (const [i, { sent, seen }] of attempts.entries()) {
    if (deliveries.has(sent.deliveryId) || (seen.bill_id !== null && bills.has(seen.bill_id))) continue;
    deliveries.add(sent.deliveryId);
    if (seen.bill_id !== null) bills.add(seen.bill_id);
    together.add(i);
  }
  let attemptIds: Map<string, string>;
  try {
    attemptIds = await recordIfUnmoved(
      db,
      [...together].map((i) => ({ ...attempts[i]!, move: moves[i]! })),
    );
  } catch (error) {
    if (attempts.length === 1) return [asError(error)];
    const alone: (RecordedAttempt | null | Error)[] = [];
    for (const attempt of attempts) alone.push(...(await recordGroup(db, [attempt], options)));
    return alone;
  }
  const answers: (RecordedAttempt | null | Error)[] = [];
  for (const [i, { sent }] of attempts.entries()) {
    const attemptId = together.has(i) ? attemptIds.get(sent.deliveryId) : undefined;
    answers.push(
      attemptId === undefined
        ? await recordLocked(db, sent, schedule, options.clock).catch(asError)
        : recorded(attemptId, moves[i]!),
    );
  }
  return answers;
}

/** The attempts recorded, by delivery id: those whose delivery was as seen. */
async function recordIfUnmoved(
  db: Kysely<DB>,
  attempts: readonly (AttemptToRecord & { move: Move })[],
): Promise<Map<string, string>> {
  if (attempts.length === 0) return new Map();
  const rows = attempts.map(({ sent, seen, move }) => ({
    delivery_id: sent.deliveryId,
    seen_attempts: seen.attempts,
    seen_status: seen.status,
    seen_redelivery: seen.redelivery_requested,
    seen_next: seen.next_attempt_at,
    attempt_no: move.attemptNo,
    auto_attempts: move.autoAttempts,
    status: move.status,
    redelivery: move.redeliveryRequested,
    finished_at: move.finishedAt,
    bill_changes: move.billChanges,
    ...attemptColumns(sent, move),
  }));
  // The bills' moves and their notifications in the same statement (delivered only if it commits, like
  // notifyLive); `notified` is read below, or PostgreSQL would not run it.
  const result = await sql<{ delivery_id: string; id: string; notified: string }>`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i (
          delivery_id bigint, seen_attempts integer, seen_status text, seen_redelivery boolean, seen_next timestamptz,
          attempt_no integer, auto_attempts integer, status text, redelivery boolean, finished_at timestamptz,
          bill_changes boolean, trigger text, url text, response_status integer, response_body text, error text,
          latency_ms integer, succeeded boolean, sent_at timestamptz, next_retry_at timestamptz)
      ), moved as (
        update callback_deliveries d
           set attempts = i.attempt_no,
               auto_attempts = i.auto_attempts,
               status = i.status,
               redelivery_requested = i.redelivery,
               next_attempt_at = i.next_retry_at,
               finished_at = coalesce(i.finished_at, d.finished_at)
          from input i
         where d.id = i.delivery_id
           and d.attempts = i.seen_attempts
           and d.status = i.seen_status
           and d.redelivery_requested = i.seen_redelivery
           and d.next_attempt_at is not distinct from i.seen_next
        returning d.id, d.merchant_id, d.application_id, d.bill_id, i.attempt_no, i.status, i.bill_changes, i.trigger,
                  i.url, i.response_status, i.response_body, i.error, i.latency_ms, i.succeeded, i.sent_at,
                  i.next_retry_at
      ), attempt as (
        insert into callback_attempts (delivery_id, merchant_id, application_id, attempt_no, trigger, url,
                                       response_status, response_body, error, latency_ms, succeeded, sent_at,
                                       next_retry_at)
        select id, merchant_id, application_id, attempt_no, trigger, url, response_status, response_body, error,
               latency_ms, succeeded, sent_at, next_retry_at
          from moved
        returning id, delivery_id
      ), bill as (
        update application_bills b set notice_status = moved.status
          from moved
         where moved.bill_changes and b.id = moved.bill_id
        returning b.merchant_id, b.bill_no
      ), notified as (
        select pg_notify(${notifyChannels.liveChanges},
               json_build_object('stream', 'bill', 'merchantId', merchant_id::text, 'key', bill_no)::text) from bill
      )
      select delivery_id::text, id::text, (select count(*) from notified) as notified from attempt`.execute(db);
  return new Map(result.rows.map((row) => [row.delivery_id, row.id]));
}

async function recordLocked(
  db: Kysely<DB>,
  sent: SentAttempt,
  schedule: readonly number[],
  clock: () => Date,
): Promise<RecordedAttempt | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("callback_deliveries")
      .select([
        "merchant_id",
        "application_id",
        "bill_id",
        "event_type",
        "status",
        "attempts",
        "auto_attempts",
        "next_attempt_at",
        "redelivery_requested",
      ])
      .where("id", "=", sent.deliveryId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const move = moveOf(row, sent, schedule, clock());
    const attempt = await trx
      .insertInto("callback_attempts")
      .values({
        delivery_id: sent.deliveryId,
        merchant_id: row.merchant_id,
        application_id: row.application_id,
        attempt_no: move.attemptNo,
        ...attemptColumns(sent, move),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("callback_deliveries")
      .set({
        attempts: move.attemptNo,
        auto_attempts: move.autoAttempts,
        status: move.status,
        redelivery_requested: move.redeliveryRequested,
        next_attempt_at: move.next,
        ...(move.finishedAt ? { finished_at: move.finishedAt } : {}),
      })
      .where("id", "=", sent.deliveryId)
      .execute();
    if (move.billChanges && row.bill_id) {
      const bill = await trx
        .updateTable("application_bills")
        .set({ notice_status: move.status as Exclude<DeliveryStatusColumn, "pending"> })
        .where("id", "=", row.bill_id)
        .returning(["bill_no", "merchant_id"])
        .executeTakeFirst();
      if (bill) await notifyLive(trx, "bill", bill.merchant_id, bill.bill_no);
    }
    return recorded(attempt.id, move);
  });
}
