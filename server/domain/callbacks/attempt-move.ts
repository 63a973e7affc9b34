import type { Selectable } from "kysely";
import type { AttemptTriggerColumn, CallbackDeliveriesTable, DeliveryStatusColumn } from "../../db/schema.ts";
import type { CallbackAnswer } from "./send-callback.ts";

// What one attempt does to its delivery, decided from the delivery as it was and the answer (record-attempt.ts writes it).

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

export interface Move {
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
 * A test event's delivery (`callback.test`) is tried once: success or failed at once; so is one whose URL no receiver
 * can have (an `unreachable` answer: a reserved name, never sent). A failed delivery that "redeliver every failed one"
 * made due again (`redelivery_requested`) gets one manual attempt: success, or failed again.
 */
export function moveOf(row: DeliveryState, sent: SentAttempt, schedule: readonly number[], now: Date): Move {
  const { trigger, answer } = sent;
  const succeeded = "status" in answer && answer.status >= 200 && answer.status <= 299;
  let status: DeliveryStatusColumn = row.status;
  let next: Date | null = row.next_attempt_at;
  if (succeeded) {
    status = "success";
    next = null;
  } else if (row.event_type === "callback.test" || ("unreachable" in answer && answer.unreachable)) {
    // A test is tried once; a URL no receiver can have is never tried again.
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

export const attemptColumns = (sent: SentAttempt, move: Move) => ({
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

export const recorded = (attemptId: string, move: Move): RecordedAttempt => ({
  attemptId,
  attemptNo: move.attemptNo,
  succeeded: move.succeeded,
  deliveryStatus: move.status,
  nextRetryAt: move.next,
});
