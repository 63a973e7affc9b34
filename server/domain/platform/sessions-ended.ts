import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { jsonObjectOf } from "./json-object.ts";
import { notifyChannels } from "./notify-channels.ts";

/**
 * Sessions of a merchant ended (sign-out, a password change ending the others, a reset ending all): a NOTIFY raised in
 * the transaction that ends them, so the merchant's live streams (orders, bills, transaction records), on every instance, check their
 * session at once instead of at their next keep-alive (up to 15 s, during which a revoked session's stream kept
 * delivering). It travels on the live streams' channel: the one LISTEN each process already holds hears it, and its
 * relay (notify-relay.ts) tells the merchant's streams. It names the merchant only: each stream
 * checks its own session, so one that is still signed in carries on.
 */
export async function notifySessionsEnded(db: Kysely<DB>, merchantId: string): Promise<void> {
  const payload = JSON.stringify({ merchantId, sessionsEnded: true });
  await sql`select pg_notify(${notifyChannels.liveChanges}, ${payload})`.execute(db);
}

/** The merchant whose sessions ended, when the payload says so; null for anything else (an order change). */
export function parseSessionsEnded(payload: string): string | null {
  const value = jsonObjectOf(payload);
  if (!value) return null;
  const { merchantId, sessionsEnded } = value;
  if (sessionsEnded !== true) return null;
  if (typeof merchantId === "string" && merchantId !== "") return merchantId;
  return typeof merchantId === "number" && Number.isSafeInteger(merchantId) ? String(merchantId) : null;
}
