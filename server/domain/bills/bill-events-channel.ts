import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notifyChannels } from "../platform/notify-channels.ts";

/** The PostgreSQL NOTIFY channel of application bills' changes; the bills' event stream LISTENs on it. */
export const billEventsChannel = notifyChannels.billEvents;

/** The payload of one notification: whose bill changed. The stream reads the bill itself, scoped to the merchant. */
export interface BillEventPayload {
  merchantId: string;
  billNo: string;
}

/**
 * Raises the notification inside the caller's transaction (pass `trx`): PostgreSQL delivers it when, and only if,
 * the transaction commits, so a stream never shows a confirmation or a credit that was rolled back.
 */
export async function notifyBillChanged(trx: Kysely<DB>, payload: BillEventPayload): Promise<void> {
  const text = JSON.stringify({ merchantId: payload.merchantId, billNo: payload.billNo });
  await sql`select pg_notify(${billEventsChannel}, ${text})`.execute(trx);
}
