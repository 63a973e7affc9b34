import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * The PostgreSQL NOTIFY channels the server raises and LISTENs on, one row each. They live here, below every area,
 * because an area raises what another one above it hears (a deposit credited in bills makes a callback due) and the
 * domain areas import one way only (docs/architecture.md section 1).
 */
export const notifyChannels = {
  /**
   * A row of a merchant's live stream changed (an order, a bill, a transaction record), or its sessions ended: the
   * streams of every instance hear it through their process's one LISTEN (live-changes.ts, notify-relay.ts).
   */
  liveChanges: "live_changes",
  /** A delivery became due (a credit, a reversal, a redelivery): every delivery engine sweeps at once (callbacks/delivery-engine.ts). */
  callbackDue: "callback_due",
} as const;

/** Raised in the transaction that made a delivery due: PostgreSQL delivers it when, and only if, that commits. */
export async function notifyCallbackDue(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_notify(${notifyChannels.callbackDue}, '')`.execute(trx);
}
