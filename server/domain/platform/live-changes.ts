import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notifyChannels } from "./notify-channels.ts";

/**
 * The merchant's live streams, each named as its events are (the endpoint table's stream rows, `event`): a change is
 * raised with the stream's name, whose merchant, and which row — the stream reads the row itself, in the session's
 * scope. A new live list is its name here, its row in the endpoint table and its read function
 * (server/http/live-streams.ts).
 */
export const liveStreamNames = ["order", "bill", "transaction"] as const;
export type LiveStreamName = (typeof liveStreamNames)[number];

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
  await sql`select pg_notify(${notifyChannels.liveChanges}, ${JSON.stringify({ stream, merchantId, key })})`.execute(
    trx,
  );
}
