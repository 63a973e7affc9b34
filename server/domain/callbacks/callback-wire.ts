import type { Kysely } from "kysely";
import type { CallbackAttempt } from "../../../contracts/schemas/callbacks.ts";
import type { DB } from "../../db/schema.ts";
import { withoutCredentials } from "./callback-target.ts";

/**
 * The query of one merchant's delivery attempts as the wire shows them: the attempt, its delivery (event, body, state
 * now), its application (code, name) and its bill's number or its withdrawal's id, if any. It adds `where merchant_id` itself; callers add
 * their own filters.
 */
export function wireAttemptQuery(db: Kysely<DB>, merchantId: string) {
  return db
    .selectFrom("callback_attempts as at")
    .innerJoin("callback_deliveries as d", "d.id", "at.delivery_id")
    .innerJoin("applications as a", "a.id", "at.application_id")
    .leftJoin("application_bills as b", "b.id", "d.bill_id")
    .leftJoin("invoices as i", "i.id", "d.invoice_id")
    .select([
      "at.id",
      "at.delivery_id",
      "at.attempt_no",
      "at.trigger",
      "at.url",
      "at.response_status",
      "at.response_body",
      "at.error",
      "at.latency_ms",
      "at.succeeded",
      "at.sent_at",
      "at.next_retry_at",
      "d.event_id",
      "d.event_type",
      "d.target",
      "d.body",
      "d.withdrawal_id",
      "d.status as delivery_status",
      "a.app_code",
      "a.name as app_name",
      "b.bill_no",
      "i.public_id as invoice_public_id",
    ])
    .where("at.merchant_id", "=", merchantId);
}

/**
 * The same attempts, for counting them: the same tables left-joined. Every attempt has its delivery and application
 * (and a bill or an invoice only when its delivery names one), so the rows are the same; as left joins on primary keys PostgreSQL
 * leaves out each one no filter reads, and a count by result or time reads callback_attempts alone (the
 * first page's capped count). Typed as the wire's query so the same filters apply; its selection is replaced by the
 * count.
 */
export function attemptsToCount(db: Kysely<DB>, merchantId: string): ReturnType<typeof wireAttemptQuery> {
  return db
    .selectFrom("callback_attempts as at")
    .leftJoin("callback_deliveries as d", "d.id", "at.delivery_id")
    .leftJoin("applications as a", "a.id", "at.application_id")
    .leftJoin("application_bills as b", "b.id", "d.bill_id")
    .leftJoin("invoices as i", "i.id", "d.invoice_id")
    .select("at.id")
    .where("at.merchant_id", "=", merchantId) as unknown as ReturnType<typeof wireAttemptQuery>;
}

export type WireAttemptRow = Awaited<ReturnType<ReturnType<typeof wireAttemptQuery>["executeTakeFirstOrThrow"]>>;

/** The `callbackAttempt` schema's shape (contracts/schemas/callbacks.ts), the one place it is made. */
export function toWireAttempt(row: WireAttemptRow): CallbackAttempt {
  return {
    attemptId: row.id,
    deliveryId: row.delivery_id,
    eventId: row.event_id,
    eventType: row.event_type,
    appCode: row.app_code,
    appName: row.app_name,
    target: row.target,
    billNo: row.bill_no,
    withdrawalId: row.withdrawal_id,
    invoiceId: row.invoice_public_id,
    attemptNo: row.attempt_no,
    trigger: row.trigger,
    url: withoutCredentials(row.url),
    requestBody: row.body,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.error,
    latencyMs: row.latency_ms,
    result: row.succeeded ? "success" : "failed",
    sentAt: row.sent_at.toISOString(),
    nextRetryAt: row.next_retry_at ? row.next_retry_at.toISOString() : null,
    deliveryStatus: row.delivery_status,
  };
}
