import type { Kysely } from "kysely";
import {
  type AppAction,
  type VerifiedWindowAction,
  verifiedWindowActions,
  verifiedWindowSeconds,
} from "../../../contracts/schemas/apps.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope } from "../platform/merchant-scope.ts";
import type { Session } from "../identity/sessions.ts";

/**
 * The verified window (like GitHub's sudo mode): an application code checked in a session opens, for that
 * session and that application only, the actions of `verifiedWindowActions` without a new code for
 * `verifiedWindowSeconds` from the check (use does not extend it). Kept in PostgreSQL, so every instance sees it; a
 * window counts only while its session is live, so sign-out (or a reset, or another session's password change) ends it.
 */

const coveredActions: ReadonlySet<AppAction> = new Set<AppAction>(verifiedWindowActions);

/** Whether the window may stand in for a code for this action: only the ones named in `verifiedWindowActions`. */
export const windowCovers = (action: AppAction): action is VerifiedWindowAction => coveredActions.has(action);

/** Opens (or starts again) the session's window on the application; answers its length in seconds. */
export async function openVerifiedWindow(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  { sessionHash, applicationId, now }: { sessionHash: string; applicationId: string; now: Date },
): Promise<number> {
  const expiresAt = new Date(now.getTime() + verifiedWindowSeconds * 1000);
  await db
    .insertInto("application_verified_windows")
    .values({
      session_hash: sessionHash,
      application_id: applicationId,
      merchant_id: scope.merchantId,
      opened_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(["session_hash", "application_id"]).doUpdateSet({ opened_at: now, expires_at: expiresAt }),
    )
    .execute();
  return verifiedWindowSeconds;
}

/**
 * The session's window on the application: `open` until it expires, `ended` once it has (or its session did), `none`
 * when this session never verified this application. Another session's window, or one on another application or of
 * another merchant, is `none` here.
 */
export async function verifiedWindowOf(
  db: Kysely<DB>,
  { scope: { merchantId }, tokenHash: sessionHash }: Session,
  applicationId: string,
  now: Date,
): Promise<"open" | "ended" | "none"> {
  const row = await db
    .selectFrom("application_verified_windows as w")
    .innerJoin("sessions as s", "s.token_hash", "w.session_hash")
    .select(["w.expires_at", "s.revoked_at"])
    .where("w.session_hash", "=", sessionHash)
    .where("w.application_id", "=", applicationId)
    .where("w.merchant_id", "=", merchantId)
    .where("s.merchant_id", "=", merchantId)
    .executeTakeFirst();
  if (!row) return "none";
  return row.revoked_at === null && row.expires_at > now ? "open" : "ended";
}

/** Windows a day past their end (server/wiring/prune-expired.ts); the rest go with their sessions. */
export async function pruneVerifiedWindows(db: Kysely<DB>, before: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("application_verified_windows")
    .where("expires_at", "<", before)
    .executeTakeFirst();
  return Number(numDeletedRows);
}
