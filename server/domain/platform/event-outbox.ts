import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { CallbackPayload, CallbackTarget } from "../../../contracts/schemas/callbacks.ts";
import type { DB, OutboxEventTypeColumn } from "../../db/schema.ts";
import { notifyCallbackDue } from "./notify-channels.ts";

/** An event for an application's system, and what it tells of: a bill (deposits), a withdrawal or an invoice. */
export interface PublishedEvent {
  type: OutboxEventTypeColumn;
  merchantId: string;
  applicationId: string;
  /** Which of the application's callback URLs hears it. */
  target: CallbackTarget;
  subject: { billId: string } | { withdrawalId: string } | { invoiceId: string };
  /** The payload's `data`: what the event tells of, as the wire shows it after the change. */
  data: CallbackPayload["data"];
  at: Date;
}

/**
 * The one way an event leaves the server ("one event pipeline"), called inside the transaction of the change
 * it tells: its outbox row, its delivery to the application's callback URL (the exact body every attempt signs and
 * sends, due at once) and the delivery engines' notification, all committed with the change or not at all. A new
 * event kind is a type in the contract and a call here; deposits (bills/deposit-bills.ts), withdrawals
 * (withdrawals/withdrawal-events.ts) and invoices (invoices/invoice-life-store.ts) publish through it. Answers the event's id.
 */
export async function publishEvent(trx: Kysely<DB>, event: PublishedEvent): Promise<string> {
  const eventId = randomUUID();
  const none = { bill_id: null, withdrawal_id: null, invoice_id: null };
  const subject =
    "billId" in event.subject
      ? { ...none, bill_id: event.subject.billId }
      : "withdrawalId" in event.subject
        ? { ...none, withdrawal_id: event.subject.withdrawalId }
        : { ...none, invoice_id: event.subject.invoiceId };
  const outbox = await trx
    .insertInto("outbox_events")
    .values({
      event_id: eventId,
      type: event.type,
      merchant_id: event.merchantId,
      application_id: event.applicationId,
      ...subject,
      payload: sql`${JSON.stringify(event.data)}::jsonb`,
      created_at: event.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const payload: CallbackPayload = {
    id: eventId,
    type: event.type,
    timestamp: event.at.toISOString(),
    data: event.data,
  };
  await trx
    .insertInto("callback_deliveries")
    .values({
      outbox_event_id: outbox.id,
      event_id: eventId,
      event_type: event.type,
      merchant_id: event.merchantId,
      application_id: event.applicationId,
      ...subject,
      target: event.target,
      body: JSON.stringify(payload),
      next_attempt_at: event.at,
      created_at: event.at,
    })
    .execute();
  // The delivery engines hear it once this commits and send its job at once (callbacks/delivery-engine.ts).
  await notifyCallbackDue(trx);
  return eventId;
}
