import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notifyChannels } from "./notify-channels.ts";

/**
 * The merchant's live streams, each named as its events are (the endpoint table's stream rows, `event`): a change is
 * raised with the stream's name, whose merchant, and which row — the stream reads the row itself, in the session's
 * scope. A new live list is its name here, its row in the endpoint table and its read function
 * (server/http/live-streams.ts).
 */
export const liveStreamNames = ["order", "bill", "transaction", "invoice", "checkout"] as const;
export type LiveStreamName = (typeof liveStreamNames)[number];
/** The streams read in a signed-in merchant's scope; the others are public, keyed by a row's unguessable id. */
export type PublicStreamName = "checkout";
export type MerchantStreamName = Exclude<LiveStreamName, PublicStreamName>;

/**
 * Raises a change of one of the merchant's rows on the one live channel, inside the caller's transaction (pass `trx`):
 * PostgreSQL delivers it when, and only if, the transaction commits, so a stream never shows what was rolled back.
 */
export async function notifyLive(
  trx: Kysely<DB>,
  stream: LiveStreamName,
  merchantId: string,
  key: string,
): Promise<void> {
  await sql`select ${liveNotification(stream, merchantId, key)}`.execute(trx);
}

/** The `pg_notify` call `notifyLive` makes, for a statement that raises the change as part of its own write. */
export const liveNotification = (stream: LiveStreamName, merchantId: string, key: string) =>
  sql<void>`pg_notify(${notifyChannels.liveChanges}, ${JSON.stringify({ stream, merchantId, key })})`;

/**
 * Raises a change of an invoice for its hosted checkout page's streams, inside the transaction that changed it. The
 * page is public: its streams are keyed by the invoice's public id alone (the relay's owner and row), no merchant.
 */
export const notifyCheckout = (trx: Kysely<DB>, invoicePublicId: string): Promise<void> =>
  notifyLive(trx, "checkout", invoicePublicId, invoicePublicId);
