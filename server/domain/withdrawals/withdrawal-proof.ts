import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { merchantRequesterKey } from "../identity/code-requester.ts";
import { checkCode } from "../identity/codes.ts";
import type { IdentityServices } from "../identity/identity-services.ts";
import { signedInMerchant } from "../identity/merchants.ts";
import { requireSecondFactor } from "../identity/second-factor.ts";
import { recordSecurityEvent, type SecurityEventSource } from "../identity/security-events.ts";
import type { Session } from "../identity/sessions.ts";
import { ApiError, ok, type Outcome } from "../platform/outcome.ts";

export interface WithdrawalProofContext {
  now: Date;
  source: SecurityEventSource;
  identity: Pick<IdentityServices, "limits" | "refusals" | "secret">;
}

/** A checked proof: `spend` uses the mailed code up and logs the success, in the transaction that acts on it. */
export interface CheckedProof {
  spend(trx: Kysely<DB>): Promise<void>;
}

/**
 * What money leaving from the console takes (a withdrawal asked, or one approved, or a destination added to the address
 * book): the code mailed for it (type
 * `withdrawal`), checked first — a wrong one counts a try and goes no further — then, when two-factor is on, the
 * authenticator's code. The mailed code is not spent here: `spend` does it in the transaction that acts, so a request
 * refused for another reason leaves it usable. Failures are in the security log under `kind`.
 */
export async function checkWithdrawalProof(
  db: Kysely<DB>,
  session: Session,
  proof: { code: string; totpCode?: string | undefined },
  kind: "withdrawalRequest" | "withdrawalApprove" | "withdrawalAddressAdd",
  { now, source, identity }: WithdrawalProofContext,
): Promise<Outcome<CheckedProof>> {
  const { scope } = session;
  const { email } = await signedInMerchant(db, scope);
  const code = {
    email,
    purpose: "withdrawal" as const,
    code: proof.code,
    now,
    maxAttempts: identity.limits.codeMaxAttempts,
    secret: identity.secret,
    requester: merchantRequesterKey(scope.merchantId),
  };
  const checked = await db.transaction().execute((trx) => checkCode(trx, { ...code, consume: false }));
  if (!checked.ok) await recordSecurityEvent(db, source, kind, "failure", scope.merchantId);
  if (!checked.ok) return checked;
  const gate = { ip: source.ip, now, services: identity, sessionHash: session.tokenHash };
  const second = await requireSecondFactor(db, scope, proof.totpCode, gate);
  if (!second.ok) await recordSecurityEvent(db, source, kind, second, scope.merchantId);
  if (!second.ok) return second;
  return ok({
    async spend(trx) {
      const spent = await checkCode(trx, { ...code, consume: true });
      if (!spent.ok) throw new ApiError(spent.code, spent.message);
      await recordSecurityEvent(trx, source, kind, "success", scope.merchantId);
    },
  });
}
