import type { ColumnType } from "kysely";
import type { OutboxEventTypeColumn } from "./bills.ts";
import type { Id, IdRef } from "./columns.ts";

export type CallbackEventTypeColumn = OutboxEventTypeColumn | "callback.test";

export type CallbackTargetColumn = "recharge" | "withdraw";

export type DeliveryStatusColumn = "pending" | "success" | "failed";

/** One event to one application's callback URL: its exact body, its state and when the next automatic attempt is due. */
export interface CallbackDeliveriesTable {
  id: Id;
  /** Null for a test event. */
  outbox_event_id: IdRef | null;
  event_id: string;
  event_type: CallbackEventTypeColumn;
  merchant_id: IdRef;
  application_id: IdRef;
  bill_id: IdRef | null;
  /** The withdrawal its event tells of (migration 0034). */
  withdrawal_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The invoice its event tells of (migration 0045). */
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  target: CallbackTargetColumn;
  /** The JSON text signed and POSTed on every attempt. */
  body: string;
  status: ColumnType<DeliveryStatusColumn, DeliveryStatusColumn | undefined, DeliveryStatusColumn>;
  attempts: ColumnType<number, number | undefined, number>;
  /** Of `attempts`, the automatic ones (migration 0019): the retry schedule's position. */
  auto_attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  /** Set by "redeliver every failed one": the due attempt is a manual one, and failing it ends the delivery failed again. */
  redelivery_requested: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  finished_at: Date | null;
}

export type AttemptTriggerColumn = "auto" | "manual" | "test";

/** One attempt of a delivery, as sent and as answered (the Transaction callbacks page). */
export interface CallbackAttemptsTable {
  id: Id;
  delivery_id: IdRef;
  merchant_id: IdRef;
  application_id: IdRef;
  attempt_no: number;
  trigger: AttemptTriggerColumn;
  url: string;
  response_status: number | null;
  /** At most 4 kB. */
  response_body: ColumnType<string, string | undefined, string>;
  error: string | null;
  latency_ms: number;
  succeeded: boolean;
  sent_at: Date;
  next_retry_at: Date | null;
}

/** The callbacks area's tables, its part of `DB` (server/db/schema.ts). */
export interface CallbacksTables {
  callback_deliveries: CallbackDeliveriesTable;
  callback_attempts: CallbackAttemptsTable;
}
