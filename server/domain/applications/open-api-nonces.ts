import { type Kysely, sql } from "kysely";
import { prepared } from "../../db/prepared-statements.ts";
import type { DB } from "../../db/schema.ts";
import { type Slot, slotRefused, slotUpsert } from "../platform/rate-limit.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";
import type { SignerRow } from "./open-api-caller.ts";

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

/** A verified signed call let in, refused by its application's rate limit (nothing spent), or refused as a replay. */
export type SignedCallAdmission =
  | { outcome: "admitted" }
  | { outcome: "limited"; waitSeconds: number }
  | { outcome: "replayed" };

/**
 * The application's rate-limit slot taken and, only if it was, the request's nonce spent, as `takeSlots` and
 * `claimOpenApiNonce` would one after the other, in one statement: every signed call makes it, and a round trip is
 * most of its cost. A call the limit refuses spends no nonce, so refused calls store nothing.
 */
export async function admitSignedCall(
  db: Kysely<DB>,
  slot: Slot,
  request: { appKey: string; nonce: string; created: Date },
  now: Date,
  memo?: RefusalMemo,
): Promise<SignedCallAdmission> {
  const known = memo?.refusing([slot], now);
  if (known) return { outcome: "limited", waitSeconds: known.waitSeconds };
  const { rows } = await sql<{ slot: boolean; claimed: boolean }>`${prepared}
    with slot as (${slotUpsert(db, slot, now)}),
    ${nonceSpent(request, now)}
    select exists (select from slot) as slot, exists (select from claimed) as claimed`.execute(db);
  const [row] = rows;
  if (!row?.slot) return { outcome: "limited", waitSeconds: (await slotRefused(db, slot, now, memo)).waitSeconds };
  return row.claimed ? { outcome: "admitted" } : { outcome: "replayed" };
}

/**
 * `admitSignedCall` for a signature verified with the keys of `signer`, the application's row as this process read it
 * before: the same statement reads the row again, and takes the slot and spends the nonce only if it is still that row
 * (the same application, still normal, the same secrets and grace window). So a call of a known application is one
 * round trip, and the signature is still checked with the secrets the row holds when the nonce is spent, as when the
 * row was read first. `changed`: the row is not that one any more (a rotation, a stop, a deletion), nothing was taken
 * or spent, and the call is to be checked again against a fresh read.
 */
export async function admitKnownSignedCall(
  db: Kysely<DB>,
  slot: Slot,
  request: { appKey: string; nonce: string; created: Date },
  signer: SignerRow,
  now: Date,
  memo?: RefusalMemo,
): Promise<SignedCallAdmission | { outcome: "changed" }> {
  const known = memo?.refusing([slot], now);
  if (known) return { outcome: "limited", waitSeconds: known.waitSeconds };
  const { rows } = await sql<{ signer: boolean; slot: boolean; claimed: boolean }>`${prepared}
    with signer as (
      select from applications
      where app_key = ${request.appKey}::text and id = ${signer.id} and app_code = ${signer.app_code}::text
        and merchant_id = ${signer.merchant_id} and status = 'normal' and secret_sealed = ${signer.secret_sealed}::text
        and previous_secret_sealed is not distinct from ${signer.previous_secret_sealed}::text
        and date_trunc('milliseconds', previous_secret_valid_until)
          is not distinct from ${signer.previous_secret_valid_until}::timestamptz
    ),
    slot as (${slotUpsert(db, slot, now, sql`signer`)}),
    ${nonceSpent(request, now)}
    select exists (select from signer) as signer, exists (select from slot) as slot,
      exists (select from claimed) as claimed`.execute(db);
  const [row] = rows;
  if (!row?.signer) return { outcome: "changed" };
  if (!row.slot) return { outcome: "limited", waitSeconds: (await slotRefused(db, slot, now, memo)).waitSeconds };
  return row.claimed ? { outcome: "admitted" } : { outcome: "replayed" };
}

/** The WITH `claimed`: the nonce spent for each row of `slot` (the slot taken), kept as long as its signature could be accepted. */
function nonceSpent(request: { appKey: string; nonce: string; created: Date }, now: Date) {
  const expiresAt = new Date(request.created.getTime() + nonceKeepSeconds * 1000);
  return sql`claimed as (
      insert into open_api_nonces (app_key, nonce, expires_at)
      select ${request.appKey}::text, ${request.nonce}::text, ${expiresAt}::timestamptz from slot
      on conflict (app_key, nonce) do update set expires_at = excluded.expires_at
        where open_api_nonces.expires_at <= ${now}
      returning 1
    )`;
}
