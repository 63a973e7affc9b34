import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** How long a nonce is kept past its signature's `created`: as long as the signature could be accepted. */
export const nonceKeepSeconds = 300;

/**
 * Spends a signed request's nonce (http/request-signature.ts `claimNonce`): true the first time, false when this key
 * used it within the window. A row past its window that the prune has not removed yet is taken over, not a replay.
 * One statement, so two requests racing with one nonce cannot both win.
 */
export async function claimOpenApiNonce(
  db: Kysely<DB>,
  appKey: string,
  nonce: string,
  created: Date,
  now: Date,
): Promise<boolean> {
  const expiresAt = new Date(created.getTime() + nonceKeepSeconds * 1000);
  const row = await db
    .insertInto("open_api_nonces")
    .values({ app_key: appKey, nonce, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(["app_key", "nonce"])
        .doUpdateSet({ expires_at: expiresAt })
        .where(sql<boolean>`open_api_nonces.expires_at <= ${now}`),
    )
    .returning("app_key")
    .executeTakeFirst();
  return row !== undefined;
}

/** Nonces whose window is over: a signature carrying one is refused as stale anyway. */
export async function pruneOpenApiNonces(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom("open_api_nonces").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
