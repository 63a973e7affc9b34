import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notifyChannels } from "../platform/notify-channels.ts";

/** The PostgreSQL NOTIFY channel of order changes; the event stream (GET /api/Order/Events) LISTENs on it. */
export const orderEventsChannel = notifyChannels.orderEvents;

/** The payload of one notification: whose order changed. The listener reads the order itself, scoped to the merchant. */
export interface OrderEventPayload {
  merchantId: string;
  orderCode: string;
}

/**
 * Raises the notification inside the caller's transaction (pass `trx`): PostgreSQL delivers it when, and only if,
 * the transaction commits, so a listener never hears of a change that was rolled back.
 */
export async function notifyOrderChanged(trx: Kysely<DB>, payload: OrderEventPayload): Promise<void> {
  const text = JSON.stringify({ merchantId: payload.merchantId, orderCode: payload.orderCode });
  await sql`select pg_notify(${orderEventsChannel}, ${text})`.execute(trx);
}
