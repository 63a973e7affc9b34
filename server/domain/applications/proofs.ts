import type { Kysely } from "kysely";
import { type AppAction, appProofSeconds } from "../../../contracts/schemas/apps.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../identity/merchant-scope.ts";
import { hashToken, newToken } from "../identity/tokens.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";

export const proofMessages = {
  required: "Verify with the e-mail code first",
  invalid: "This verification is not for this application or action: verify again",
  expired: "This verification has expired or was used: verify again",
} as const;

/**
 * A proof that the merchant's mailed code (and TOTP code, when on) was checked for `action` on one application: a random
 * token, kept as its sha-256, for five minutes. Made by Register/CheckCaptchaCode (application-code-check.ts).
 */
export async function issueProof(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  { applicationId, action, now }: { applicationId: string; action: AppAction; now: Date },
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
 * Spends the proof, in the caller's transaction. The session's merchant must be the one it was made for: another
 * merchant's proof is unknown here (2406), like a made-up one; so is one for another application or action. A used or
 * expired one is 2407.
 */
export async function spendProof(
  trx: Kysely<DB>,
  { merchantId }: MerchantScope,
  { proof, applicationId, action, now }: ProofUse,
): Promise<Outcome<null>> {
  if (!proof) return fail(errCodes.appProofRequired, proofMessages.required);
  const row = await trx
    .selectFrom("application_proofs")
    .select(["application_id", "action", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(proof))
    .where("merchant_id", "=", merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.application_id !== applicationId || row.action !== action)
    return fail(errCodes.appProofInvalid, proofMessages.invalid);
  if (row.used_at || row.expires_at <= now) return fail(errCodes.appProofExpired, proofMessages.expired);
  await trx
    .updateTable("application_proofs")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(proof))
    .execute();
  return ok(null);
}

/** Proofs a day past their expiry (platform/prune.ts). */
export async function pruneProofs(db: Kysely<DB>, before: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("application_proofs")
    .where("expires_at", "<", before)
    .executeTakeFirst();
  return Number(numDeletedRows);
}
