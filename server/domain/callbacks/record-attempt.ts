import { type Kysely, type Selectable, sql } from "kysely";
import { callbackRetrySchedule } from "../../../contracts/schemas/callbacks.ts";
import type { AttemptTriggerColumn, CallbackDeliveriesTable, DB, DeliveryStatusColumn } from "../../db/schema.ts";
import { billEventsChannel, notifyBillChanged } from "../bills/bill-events-channel.ts";
import type { CallbackAnswer } from "./send-callback.ts";

export interface RecordedAttempt {
  attemptId: string;
  attemptNo: number;
  succeeded: boolean;
  deliveryStatus: DeliveryStatusColumn;
  nextRetryAt: Date | null;
}

/** What the record decides from: the delivery as read before the send (the fast path) or locked (the fallback). */
export type DeliveryState = Pick<
  Selectable<CallbackDeliveriesTable>,
  | "merchant_id"
  | "application_id"
  | "bill_id"
  | "event_type"
  | "status"
  | "attempts"
  | "auto_attempts"
  | "next_attempt_at"
  | "redelivery_requested"
>;

export interface SentAttempt {
  deliveryId: string;
  trigger: AttemptTriggerColumn;
  url: string;
  answer: CallbackAnswer;
  sentAt: Date;
}

interface Move {
  status: DeliveryStatusColumn;
  next: Date | null;
  succeeded: boolean;
  attemptNo: number;
  autoAttempts: number;
  redeliveryRequested: boolean;
  /** Set when the delivery ends now (or succeeds after it had failed); else the column keeps its value. */
  finishedAt: Date | null;
  /** The bill's notice status moves to `status` (and its stream hears of it). */
  billChanges: boolean;
}

/**
 * The delivery's move after an attempt:
 * - a 2xx: `success` (and the bill's notice `success`), whatever triggered it;
 * - otherwise, an automatic attempt schedules the next one (the schedule's next pause) or, once the schedule is spent,
 *   ends the delivery `failed` (the bill's notice `failed`); a manual redelivery or a test leaves the schedule alone.
 * A test event's delivery (`callback.test`) is tried once: success or failed at once. A failed delivery that
 * "redeliver every failed one" made due again (`redelivery_requested`) gets one manual attempt: success, or failed again.
 */
function moveOf(row: DeliveryState, sent: SentAttempt, schedule: readonly number[], now: Date): Move {
  const { trigger, answer } = sent;
  const succeeded = "status" in answer && answer.status >= 200 && answer.status <= 299;
  let status: DeliveryStatusColumn = row.status;
  let next: Date | null = row.next_attempt_at;
  if (succeeded) {
    status = "success";
    next = null;
  } else if (row.event_type === "callback.test") {
    status = row.status === "success" ? "success" : "failed";
    next = null;
  } else if (trigger === "manual" && row.redelivery_requested) {
    // The attempt "redeliver every failed one" asked for: it failed, so the delivery is failed again.
    status = "failed";
    next = null;
  } else if (trigger === "auto" && row.status === "pending") {
    // This is automatic attempt number auto_attempts + 1; the schedule holds the pause after each of them.
    const pause = schedule[row.auto_attempts];
    if (pause === undefined) {
      status = "failed";
      next = null;
    } else next = new Date(now.getTime() + pause * 1000);
  }
  const finished = status !== "pending" && row.status === "pending";
  return {
    status,
    next: status === "pending" ? next : null,
    succeeded,
    attemptNo: row.attempts + 1,
    autoAttempts: row.auto_attempts + (trigger === "auto" ? 1 : 0),
    redeliveryRequested: trigger === "manual" ? false : row.redelivery_requested,
    finishedAt: finished || (status === "success" && row.status !== "success") ? now : null,
    billChanges: row.bill_id !== null && status !== row.status && status !== "pending",
  };
}

const attemptColumns = (sent: SentAttempt, move: Move) => ({
  trigger: sent.trigger,
  url: sent.url,
  response_status: "status" in sent.answer ? sent.answer.status : null,
  response_body: "status" in sent.answer ? sent.answer.body : "",
  error: "error" in sent.answer ? sent.answer.error : null,
  latency_ms: sent.answer.latencyMs,
  succeeded: move.succeeded,
  sent_at: sent.sentAt,
  next_retry_at: move.next,
});

const recorded = (attemptId: string, move: Move): RecordedAttempt => ({
  attemptId,
  attemptNo: move.attemptNo,
  succeeded: move.succeeded,
  deliveryStatus: move.status,
  nextRetryAt: move.next,
});

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
  options: { clock: () => Date; retrySchedule?: readonly number[] },
): Promise<RecordedAttempt | null> {
  const schedule = options.retrySchedule ?? callbackRetrySchedule;
  const move = moveOf(seen, sent, schedule, options.clock());
  const attemptId = await recordIfUnmoved(db, sent, seen, move);
  if (attemptId !== null) return recorded(attemptId, move);
  return recordLocked(db, sent, schedule, options.clock);
}

async function recordIfUnmoved(
  db: Kysely<DB>,
  sent: SentAttempt,
  seen: DeliveryState,
  move: Move,
): Promise<string | null> {
  const a = attemptColumns(sent, move);
  // The bill's move and its notification, in the same statement (delivered only if it commits, like notifyBillChanged).
  const bill = move.billChanges
    ? sql`, bill as (
          update application_bills b set notice_status = ${move.status}
            from moved where b.id = moved.bill_id
            returning b.merchant_id, b.bill_no
        ), notified as (
          select pg_notify(${billEventsChannel},
                 '{"merchantId":' || to_json(merchant_id::text) || ',"billNo":' || to_json(bill_no) || '}') from bill
        )`
    : sql``;
  const result = await sql<{ id: string | null; notified: string }>`
      with moved as (
        update callback_deliveries
           set attempts = ${move.attemptNo},
               auto_attempts = ${move.autoAttempts},
               status = ${move.status},
               redelivery_requested = ${move.redeliveryRequested},
               next_attempt_at = ${move.next}::timestamptz,
               finished_at = coalesce(${move.finishedAt}::timestamptz, finished_at)
         where id = ${sent.deliveryId}
           and attempts = ${seen.attempts}
           and status = ${seen.status}
           and redelivery_requested = ${seen.redelivery_requested}
           and next_attempt_at is not distinct from ${seen.next_attempt_at}::timestamptz
        returning id, merchant_id, application_id, bill_id
      ), attempt as (
        insert into callback_attempts (delivery_id, merchant_id, application_id, attempt_no, trigger, url,
                                       response_status, response_body, error, latency_ms, succeeded, sent_at,
                                       next_retry_at)
        select id, merchant_id, application_id, ${move.attemptNo}, ${a.trigger}, ${a.url}, ${a.response_status}::integer,
               ${a.response_body}, ${a.error}, ${a.latency_ms}::integer, ${a.succeeded}, ${a.sent_at}::timestamptz,
               ${a.next_retry_at}::timestamptz
          from moved
        returning id
      )${bill}
      select (select id from attempt) as id${move.billChanges ? sql`, (select count(*) from notified) as notified` : sql``}`.execute(
    db,
  );
  return result.rows[0]?.id ?? null;
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
      if (bill) await notifyBillChanged(trx, { merchantId: bill.merchant_id, billNo: bill.bill_no });
    }
    return recorded(attempt.id, move);
  });
}
