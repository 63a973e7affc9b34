import type { Kysely } from "kysely";
import { type AppAction, appProofSeconds } from "../../../contracts/schemas/apps.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope } from "../platform/merchant-scope.ts";
import type { Session } from "../identity/sessions.ts";
import { hashToken, newToken } from "../identity/tokens.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { verifiedWindowOf, windowCovers } from "./verified-windows.ts";

export const proofMessages = {
  required: "Verify with the e-mail code first",
  invalid: "This verification is not for this application or action: verify again",
  expired: "This verification has expired or was used: verify again",
} as const;

/**
 * A proof that the merchant's mailed code (and TOTP code, when on) was checked for `action` on one application: a random
 * token, kept as its sha-256, for five minutes. Made by Register/CheckCaptchaCode (application-code-check.ts); checked
 * in a session (`sessionHash`), only that session spends it.
 */
export async function issueProof(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  {
    applicationId,
    action,
    sessionHash,
    now,
  }: { applicationId: string; action: AppAction; sessionHash: string | null; now: Date },
): Promise<{ proof: string; proofExpiresInSeconds: number }> {
  const proof = newToken();
  await db
    .insertInto("application_proofs")
    .values({
      token_hash: hashToken(proof),
      merchant_id: merchantId,
      application_id: applicationId,
      action,
      expires_at: new Date(now.getTime() + appProofSeconds * 1000),
      created_at: now,
      session_hash: sessionHash,
    })
    .execute();
  return { proof, proofExpiresInSeconds: appProofSeconds };
}

export interface ProofUse {
  proof: string | undefined;
  applicationId: string;
  action: AppAction;
  now: Date;
}

/**
 * What lets a protected action of an application through, in the caller's transaction: the session's verified window
 * on that application, when the action is one it covers (verified-windows.ts); otherwise a proof, spent. Without
 * either, 2405 (required), or 2407 once the session's window has ended and no proof came: either way a new code.
 */
export async function authorizeAppAction(trx: Kysely<DB>, session: Session, use: ProofUse): Promise<Outcome<null>> {
  if (windowCovers(use.action)) {
    const window = await verifiedWindowOf(trx, session, use.applicationId, use.now);
    if (window === "open") return ok(null);
    if (window === "ended" && !use.proof) return fail(errCodes.appProofExpired, proofMessages.expired);
  }
  return spendProof(trx, session, use);
}

/**
 * Spends the proof, in the caller's transaction. The session's merchant must be the one it was made for: another
 * merchant's proof is unknown here (2406), like a made-up one; so is one for another application or action, and one
 * checked in another session (a proof taken from the session that checked the code). A used or expired one is 2407.
 */
export async function spendProof(
  trx: Kysely<DB>,
  { scope: { merchantId }, tokenHash }: Session,
  { proof, applicationId, action, now }: ProofUse,
): Promise<Outcome<null>> {
  if (!proof) return fail(errCodes.appProofRequired, proofMessages.required);
  const row = await trx
    .selectFrom("application_proofs")
    .select(["application_id", "action", "expires_at", "used_at", "session_hash"])
    .where("token_hash", "=", hashToken(proof))
    .where("merchant_id", "=", merchantId)
    .forUpdate()
    .executeTakeFirst();
  const otherSession = row?.session_hash != null && row.session_hash !== tokenHash;
  if (!row || row.application_id !== applicationId || row.action !== action || otherSession)
    return fail(errCodes.appProofInvalid, proofMessages.invalid);
  if (row.used_at || row.expires_at <= now) return fail(errCodes.appProofExpired, proofMessages.expired);
  await trx
    .updateTable("application_proofs")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(proof))
    .execute();
  return ok(null);
}

/** Proofs a day past their expiry (server/wiring/prune-expired.ts). */
export async function pruneProofs(db: Kysely<DB>, before: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("application_proofs")
    .where("expires_at", "<", before)
    .executeTakeFirst();
  return Number(numDeletedRows);
}
