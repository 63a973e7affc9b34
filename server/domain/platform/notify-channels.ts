import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * The PostgreSQL NOTIFY channels the server raises and LISTENs on, one row each. They live here, below every area,
 * because an area raises what another one above it hears (a deposit credited in bills makes a callback due) and the
 * domain areas import one way only (docs/architecture.md section 1).
 */
export const notifyChannels = {
  /** An order changed; GET /api/Order/Events streams it (payments/order-notify.ts). */
  orderEvents: "order_events",
  /** An application bill changed; the bills' event stream (bills/bill-notify.ts). */
  billEvents: "bill_events",
  /** A delivery became due (a credit, a reversal, a redelivery): every delivery engine sweeps at once (callbacks/delivery-engine.ts). */
  callbackDue: "callback_due",
} as const;

/** The channels of the merchant's live streams: a merchant's sessions ending is raised on each (sessions-ended.ts). */
export const streamChannels = [notifyChannels.orderEvents, notifyChannels.billEvents] as const;

/** Raised in the transaction that made a delivery due: PostgreSQL delivers it when, and only if, that commits. */
export async function notifyCallbackDue(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_notify(${notifyChannels.callbackDue}, '')`.execute(trx);
}
