import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { onPasswordChanged } from "../messaging/messages.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import type { IdentityServices } from "./identity-services.ts";
import { spendCodeOnPassword } from "./code-then-password.ts";
import { identifyRequester, type RequestSignals } from "./code-requester.ts";
import { takeCodeUseSlots } from "./code-throttle.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { clearAccountThrottle } from "./login-throttle.ts";
import { findMerchantByEmail, normalizeEmail, setPasswordHash } from "./merchants.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { revokeMerchantSessions } from "./sessions.ts";
import { actFor, systemScope } from "./system-scope.ts";

export interface PasswordReset extends RequestSignals {
  email: string;
  code: string;
  password: string;
  now: Date;
  /** For the security event log. */
  userAgent?: string;
}

/** No session: the system acts for the merchant whose mailbox the spent code proved (merchant-scope.ts). */
const system = systemScope("reset-password");

/**
 * User/ResetPassword: the e-mail's code spent on the new password; every session of the merchant ends, a notice says
 * so, and strangers' failed sign-ins no longer hold the account back (whoever reads the mailbox is the owner).
 */
export async function resetPassword(
  db: Kysely<DB>,
  input: PasswordReset,
  services: IdentityServices,
): Promise<Outcome<null>> {
  const { limits, secret, kdf } = services;
  const { now } = input;
  const email = normalizeEmail(input.email);
  const requester = await identifyRequester(db, email, input, secret);
  const use = await takeCodeUseSlots(db, { email, purpose: "reset", requester }, services, now);
  if (!use.ok && !use.remembered) await recordSecurityEvent(db, input, "passwordReset", "refused");
  if (!use.ok) return use.refused;
  const merchant = await findMerchantByEmail(db, email);
  if (!merchant) return fail(errCodes.accountNotFound, messages.accountNotFound);
  if (isCommonPassword(input.password)) return fail(errCodes.passwordTooCommon, messages.passwordTooCommon);
  const code = {
    email,
    purpose: "reset",
    code: input.code,
    now,
    maxAttempts: limits.codeMaxAttempts,
    secret,
    requester: requester.key,
  } as const;
  const reset = await spendCodeOnPassword(db, code, input.password, kdf, async (trx, passwordHash) => {
    const scope = actFor(system, merchant.id);
    await setPasswordHash(trx, scope, passwordHash);
    await revokeMerchantSessions(trx, scope, now);
    await onPasswordChanged(trx, scope, now);
    await recordSecurityEvent(trx, input, "sessionsRevoked", "success", merchant.id);
    return ok(null);
  });
  // After the commit, one statement at a time: inside the transaction, its row locks taken in another order than a
  // sign-in's slots deadlocked with strangers' wrong sign-ins on PostgreSQL (a 500 for one of them).
  if (reset.ok) await clearAccountThrottle(db, email);
  await recordSecurityEvent(db, input, "passwordReset", reset, merchant.id);
  return reset;
}
