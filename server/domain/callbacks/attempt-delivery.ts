import type { Kysely } from "kysely";
import type { AttemptTriggerColumn, DB, DeliveryStatusColumn } from "../../db/schema.ts";
import { callbackRetrySchedule } from "../../../contracts/schemas/callbacks.ts";
import { notifyBillChanged } from "../bills/bill-events-channel.ts";
import type { CallbackTargets } from "./callback-target.ts";
import { type CallbackAnswer, callbackResponseCap, sendCallback } from "./send-callback.ts";
import { signCallback } from "./webhook-signature.ts";

export interface DeliveryDeps {
  db: Kysely<DB>;
  /** The server secret: webhook secrets are sealed under it. */
  secret: Buffer;
  targets: CallbackTargets;
  clock: () => Date;
  /** Seconds between automatic attempts (contracts' callbackRetrySchedule; a test setting shortens it). */
  retrySchedule?: readonly number[];
  /** The receiver's time limit (send-callback.ts's 10 s by default). */
  timeoutMs?: number;
}

export interface RecordedAttempt {
  attemptId: string;
  attemptNo: number;
  succeeded: boolean;
  deliveryStatus: DeliveryStatusColumn;
  nextRetryAt: Date | null;
}

/**
 * Sends one attempt of a delivery now, to the application's callback URL as it is now, signed with its webhook secrets
 * live now, and records it. Nothing is locked while the receiver answers (up to 10 s): the record takes the delivery's
 * row, numbers the attempt and moves the delivery and its bill's notice status:
 * - a 2xx: `success` (and the bill's notice `success`), whatever triggered it;
 * - otherwise, an automatic attempt schedules the next one (the schedule's next pause) or, once the schedule is spent,
 *   ends the delivery `failed` (the bill's notice `failed`); a manual redelivery or a test leaves the schedule alone.
 * A test event's delivery (`callback.test`) is tried once: success or failed at once. A failed delivery that
 * "redeliver every failed one" made due again (`redelivery_requested`) gets one manual attempt: success, or failed again.
 * Answers null when the delivery is not there (its application deleted).
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  trigger: AttemptTriggerColumn,
): Promise<RecordedAttempt | null> {
  const delivery = await deps.db
    .selectFrom("callback_deliveries as d")
    .innerJoin("applications as a", "a.id", "d.application_id")
    .select([
      "d.event_id",
      "d.body",
      "d.target",
      "d.application_id",
      "a.recharge_callback_url",
      "a.withdraw_callback_url",
    ])
    .where("d.id", "=", deliveryId)
    .executeTakeFirst();
  if (!delivery) return null;
  const url = delivery.target === "recharge" ? delivery.recharge_callback_url : delivery.withdraw_callback_url;
  const sentAt = deps.clock();
  const answer = url
    ? await send(deps, delivery.application_id, delivery.event_id, delivery.body, url, sentAt)
    : ({ error: `the application has no ${delivery.target} callback URL`, latencyMs: 0 } satisfies CallbackAnswer);
  return recordAttempt(deps, deliveryId, trigger, url, answer, sentAt);
}

async function send(
  deps: DeliveryDeps,
  applicationId: string,
  eventId: string,
  body: string,
  url: string,
  sentAt: Date,
): Promise<CallbackAnswer> {
  const bytes = Buffer.from(body, "utf8");
  const headers = await signCallback(
    deps.db,
    applicationId,
    { id: eventId, timestamp: sentAt, body: bytes },
    deps.secret,
  );
  return sendCallback({ url, body, headers: { ...headers }, timeoutMs: deps.timeoutMs }, deps.targets);
}

async function recordAttempt(
  deps: DeliveryDeps,
  deliveryId: string,
  trigger: AttemptTriggerColumn,
  url: string,
  answer: CallbackAnswer,
  sentAt: Date,
): Promise<RecordedAttempt | null> {
  const schedule = deps.retrySchedule ?? callbackRetrySchedule;
  const succeeded = "status" in answer && answer.status >= 200 && answer.status <= 299;
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("callback_deliveries")
      .select([
        "id",
        "merchant_id",
        "application_id",
        "bill_id",
        "event_type",
        "status",
        "attempts",
        "next_attempt_at",
        "redelivery_requested",
      ])
      .where("id", "=", deliveryId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const now = deps.clock();
    const autoSoFar = Number(
      (
        await trx
          .selectFrom("callback_attempts")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("delivery_id", "=", deliveryId)
          .where("trigger", "=", "auto")
          .executeTakeFirstOrThrow()
      ).n,
    );
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
      // This is automatic attempt number autoSoFar + 1; the schedule holds the pause after each of them.
      const pause = schedule[autoSoFar];
      if (pause === undefined) {
        status = "failed";
        next = null;
      } else next = new Date(now.getTime() + pause * 1000);
    }
    const attemptNo = row.attempts + 1;
    const attempt = await trx
      .insertInto("callback_attempts")
      .values({
        delivery_id: deliveryId,
        merchant_id: row.merchant_id,
        application_id: row.application_id,
        attempt_no: attemptNo,
        trigger,
        url,
        response_status: "status" in answer ? answer.status : null,
        response_body: "status" in answer ? storableBody(answer.body) : "",
        error: "error" in answer ? answer.error : null,
        latency_ms: answer.latencyMs,
        succeeded,
        sent_at: sentAt,
        next_retry_at: status === "pending" ? next : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const finished = status !== "pending" && row.status === "pending";
    await trx
      .updateTable("callback_deliveries")
      .set({
        attempts: attemptNo,
        status,
        ...(trigger === "manual" ? { redelivery_requested: false } : {}),
        next_attempt_at: status === "pending" ? next : null,
        ...(finished || (status === "success" && row.status !== "success") ? { finished_at: now } : {}),
      })
      .where("id", "=", deliveryId)
      .execute();
    if (row.bill_id && status !== row.status && status !== "pending") {
      const bill = await trx
        .updateTable("application_bills")
        .set({ notice_status: status })
        .where("id", "=", row.bill_id)
        .returning(["bill_no", "merchant_id"])
        .executeTakeFirst();
      if (bill) await notifyBillChanged(trx, { merchantId: bill.merchant_id, billNo: bill.bill_no });
    }
    return {
      attemptId: attempt.id,
      attemptNo,
      succeeded,
      deliveryStatus: status,
      nextRetryAt: status === "pending" ? next : null,
    };
  });
}

/**
 * The receiver's answer as the attempt log can hold it: PostgreSQL text takes no NUL (it is shown as U+FFFD, like any
 * byte that is not UTF-8), and the column takes 4096 bytes — a cap that cut a character leaves U+FFFD's three bytes in
 * place of its first ones, so it is cut again before the character that does not fit.
 */
function storableBody(text: string): string {
  const bytes = Buffer.from(text.replaceAll("\u0000", "\uFFFD"), "utf8");
  if (bytes.length <= callbackResponseCap) return bytes.toString("utf8");
  let end = callbackResponseCap;
  // Back to the first byte of the character the cap would cut (continuation bytes are 10xxxxxx).
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString("utf8");
}
