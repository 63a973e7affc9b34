import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Limits } from "../platform/limits.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import { prunedRows } from "../platform/pruned-rows.ts";
import { notifySessionsEnded } from "../platform/sessions-ended.ts";
import { bearerToken, hashToken, newToken } from "./tokens.ts";

/** A signed-in request's session: whose it is, and the hash of its token. */
export interface Session {
  /** Whose request this is: the only way to a merchant's own data (merchant-scope.ts). */
  scope: MerchantScope;
  tokenHash: string;
}

/**
 * The one place a MerchantScope is made (the checker allows the cast nowhere else): for findSession only, once the
 * session row has proven whose request this is. Not exported.
 */
const scopeOfSessionRow = (merchantId: string): MerchantScope => ({ merchantId }) as MerchantScope;

/** Starts a session and returns the bearer token (shown once, stored hashed). */
export async function createSession(db: Kysely<DB>, { merchantId }: AnyMerchantScope, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto("sessions")
    .values({ token_hash: hashToken(token), merchant_id: merchantId, created_at: now, last_seen_at: now })
    .execute();
  return token;
}

/** A successful sign-in: the last login moves to "the one before", then a new session (Login and Google alike). */
export async function signInMerchant(db: Kysely<DB>, scope: AnyMerchantScope, ip: string, now: Date): Promise<string> {
  await db
    .updateTable("merchants")
    .set((eb) => ({
      previous_login_at: eb.ref("last_login_at"),
      previous_login_ip: eb.ref("last_login_ip"),
      last_login_at: now,
      last_login_ip: ip,
    }))
    .where("id", "=", scope.merchantId)
    .execute();
  return createSession(db, scope, now);
}

export interface SessionLifetime {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** An authenticated request moves last_seen_at at most this often, to spare the database a write per request. */
const touchEverySeconds = 60;

/**
 * The session of a bearer token, while it is neither revoked, nor idle longer than `idleSeconds`, nor
 * older than `absoluteSeconds` (ASVS 7.3.1, 7.3.2; NIST SP 800-63B AAL2: 30 minutes idle, 12 hours).
 */
export async function findSession(
  db: Kysely<DB>,
  authorization: string | undefined,
  now: Date,
  lifetime: SessionLifetime,
): Promise<Session | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .select(["merchant_id", "last_seen_at"])
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("created_at", ">", new Date(now.getTime() - lifetime.absoluteSeconds * 1000))
    .where("last_seen_at", ">", new Date(now.getTime() - lifetime.idleSeconds * 1000))
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= touchEverySeconds * 1000) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now })
      .where("token_hash", "=", tokenHash)
      .where("last_seen_at", "<", now)
      .execute();
  }
  return { scope: scopeOfSessionRow(row.merchant_id), tokenHash };
}

/**
 * Whether a session found by findSession still holds (not revoked, neither idle nor too old), without moving
 * last_seen_at: a long-lived answer (the live order stream) checks this now and then, and is no activity itself.
 */
export async function sessionIsLive(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
  lifetime: SessionLifetime,
): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("token_hash")
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("created_at", ">", new Date(now.getTime() - lifetime.absoluteSeconds * 1000))
    .where("last_seen_at", ">", new Date(now.getTime() - lifetime.idleSeconds * 1000))
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends one session (sign-out); its live order streams end at once (platform/sessions-ended.ts). */
export async function revokeSession(db: Kysely<DB>, tokenHash: string, now: Date): Promise<void> {
  const revoked = await db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .returning("merchant_id")
    .executeTakeFirst();
  if (revoked) await notifySessionsEnded(db, revoked.merchant_id);
}

/** Ends every session of the merchant, except `keep` when given (the one changing the password); their streams end at once. */
export async function revokeMerchantSessions(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  now: Date,
  keep?: string,
): Promise<void> {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("merchant_id", "=", merchantId)
    .where("revoked_at", "is", null);
  if (keep) query = query.where("token_hash", "<>", keep);
  const { numUpdatedRows } = await query.executeTakeFirst();
  // In the caller's transaction: the streams hear of it when, and only if, it commits.
  if (numUpdatedRows > 0n) await notifySessionsEnded(db, merchantId);
}

/** Sessions revoked, or past their idle or absolute limit, a day ago (`dayAgo`): kept that long for an incident. */
export async function pruneSessions(db: Kysely<DB>, dayAgo: Date, limits: Limits): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("revoked_at", "<", dayAgo),
        eb("created_at", "<", new Date(dayAgo.getTime() - limits.sessionAbsoluteSeconds * 1000)),
        eb("last_seen_at", "<", new Date(dayAgo.getTime() - limits.sessionIdleSeconds * 1000)),
      ]),
    )
    .executeTakeFirst();
  return prunedRows(result);
}
