import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { onPasswordChanged } from "../messaging/messages.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import { givingSlotsBackIfBusy, refundSlots, takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { IdentityServices } from "./identity-services.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { checkChangePasswordProof } from "./change-password-proof.ts";
import { loginSlots } from "./login-throttle.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { setPasswordHash, signedInMerchant } from "./merchants.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { revokeMerchantSessions } from "./sessions.ts";

export interface PasswordChange {
  oldPassword: string;
  /** Mailed to the account: see change-password-proof.ts. */
  code: string;
  password: string;
  ip: string;
  now: Date;
  /** The session making the change: it stays signed in, every other one ends. */
  tokenHash: string;
  /** For the security event log. */
  userAgent?: string;
}

/**
 * User/UpdatePwd: the mailed code checked (no hashing for a wrong one), the old password checked (counted as a
 * sign-in attempt, in the session's bucket), the new one set with the code spent, other sessions ended.
 */
export async function changePassword(
  db: Kysely<DB>,
  scope: MerchantScope,
  input: PasswordChange,
  services: IdentityServices,
): Promise<Outcome<null>> {
  const { kdf, limits, refusals } = services;
  const { now } = input;
  const merchant = await signedInMerchant(db, scope);
  const proof = { email: merchant.email, merchantId: scope.merchantId, code: input.code, now };
  const proven = await db.transaction().execute((trx) => checkChangePasswordProof(trx, proof, services, false));
  if (!proven.ok) await recordSecurityEvent(db, input, "passwordChange", "failure", scope.merchantId);
  if (!proven.ok) return proven;
  // A stolen session must not become a way to guess the password: the old one counts as a sign-in attempt, on the
  // session's own bucket from every address (not on the account's, which strangers' wrong sign-ins fill and
  // the owner's session then could not change the password). Only a sign-in with the password makes another session.
  const slots = loginSlots(
    { email: merchant.email, ip: input.ip, deviceId: null, sessionHash: input.tokenHash },
    limits,
  );
  const taken = await takeSlots(db, slots, now, refusals);
  if (!taken.ok) await recordSecurityEvent(db, input, "passwordChange", "refused", scope.merchantId);
  if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
  const check = await givingSlotsBackIfBusy(db, slots, refusals, () =>
    kdf.run("other", () => verifyPassword(input.oldPassword, merchant.password_hash)),
  );
  if (!check.valid) await recordSecurityEvent(db, input, "passwordChange", "failure", scope.merchantId);
  if (!check.valid) return fail(errCodes.oldPasswordWrong, messages.oldPasswordWrong);
  await refundSlots(db, slots);
  if (isCommonPassword(input.password)) return fail(errCodes.passwordTooCommon, messages.passwordTooCommon);
  const passwordHash = await kdf.run("other", () => hashPassword(input.password));
  return db.transaction().execute(async (trx) => {
    const spent = await checkChangePasswordProof(trx, proof, services, true);
    if (!spent.ok) return spent;
    await setPasswordHash(trx, scope, passwordHash);
    await revokeMerchantSessions(trx, scope, now, input.tokenHash);
    await onPasswordChanged(trx, scope, now);
    await recordSecurityEvent(trx, input, "passwordChange", "success", scope.merchantId);
    await recordSecurityEvent(trx, input, "sessionsRevoked", "success", scope.merchantId);
    return ok(null);
  });
}
