import type { Kysely } from "kysely";
import { type LoginAnswer, needsSecondFactor } from "../../../contracts/schemas/two-factor.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { asSignIn } from "../../db/prioritised-pglite.ts";
import type { DB } from "../../db/schema.ts";
import type { IdentityServices } from "./identity-services.ts";
import { deviceOf, isGenuineDeviceCookie, newDeviceCookie } from "./device-cookie.ts";
import { loginRefusalMessage, loginSlots, settleSignIn, takeLoginSlots } from "./login-throttle.ts";
import { findMerchantByEmail, normalizeEmail, setPasswordHash } from "./merchants.ts";
import { onFirstLogin } from "../messaging/messages.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import { givingSlotsBackIfBusy } from "../platform/rate-limit.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { answerFirstFactor } from "./second-factor-sign-in.ts";
import { transactRetrying } from "../platform/retry-conflicts.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { actFor, systemScope } from "./system-scope.ts";

export interface SignInAttempt {
  email: string;
  password: string;
  ip: string;
  now: Date;
  /** The device cookie the browser sent, if any: a known device keeps its own sign-in slots. */
  deviceCookie: string | undefined;
  /** For the security event log. */
  userAgent?: string;
}

/** What a sign-in answers, and on success the device cookie to set. */
export type SignedIn = { outcome: Outcome<LoginAnswer>; deviceCookie: string | null };

/** Before a session exists, the system acts for the merchant the e-mail and password proved (merchant-scope.ts). */
const system = systemScope("sign-in");

/**
 * Login/Login: throttle first, then one password check, then the session and the device cookie. Its database calls go
 * ahead of other requests' (PGlite), a genuine device cookie's ahead of other sign-ins': a burst of cheap calls, or a
 * flood of sign-ins to unknown e-mails, must not slow the owner's sign-in down.
 */
export const signIn = (db: Kysely<DB>, attempt: SignInAttempt, services: IdentityServices): Promise<SignedIn> =>
  asSignIn(() => checkAndSignIn(db, attempt, services), isGenuineDeviceCookie(services.secret, attempt.deviceCookie));

async function checkAndSignIn(
  db: Kysely<DB>,
  attempt: SignInAttempt,
  { limits, secret, kdf, refusals }: IdentityServices,
): Promise<SignedIn> {
  const { password, ip, now, deviceCookie } = attempt;
  const refused = (outcome: Outcome<LoginAnswer>): SignedIn => ({ outcome, deviceCookie: null });
  const email = normalizeEmail(attempt.email);
  const merchant = await findMerchantByEmail(db, email);
  const deviceId = merchant ? deviceOf(secret, deviceCookie, merchant.id) : null;
  const slots = { email, ip, deviceId };
  const taken = await takeLoginSlots(db, slots, limits, now, refusals);
  // A flood's repeats, refused from memory, cost no row: the first refusal of a run says it.
  if (!taken.ok && !taken.remembered) await recordSecurityEvent(db, attempt, "signIn", "refused", merchant?.id);
  if (!taken.ok) return refused(fail(errCodes.rateLimited, loginRefusalMessage(taken), 429));

  // Refused as busy, the attempt gives its slots back: it checked no password. The owner's browser hashes in a lane of
  // its own; an unknown e-mail's equal-work check comes last and is shed first under load.
  const lane = deviceId ? "trusted-device" : merchant ? "sign-in" : "unknown-account";
  const check = await givingSlotsBackIfBusy(db, loginSlots(slots, limits), refusals, () =>
    kdf.run(lane, async () =>
      merchant
        ? verifyPassword(password, merchant.password_hash)
        : { valid: await verifyAgainstDummy(password), needsRehash: false },
    ),
  );
  if (!merchant || !check.valid) await recordSecurityEvent(db, attempt, "signIn", "failure", merchant?.id);
  if (!merchant || !check.valid) return refused(fail(errCodes.badCredentials, messages.badCredentials));

  // Parameters raised since this hash was made: upgrade it now that the password is at hand (skipped when busy).
  const upgraded = check.needsRehash ? await kdf.run("other", () => hashPassword(password)).catch(() => null) : null;
  const scope = actFor(system, merchant.id);
  // With TOTP on, the answer is a challenge (no session, no device cookie yet): second-factor-sign-in.ts.
  const answer = await transactRetrying(db, async (trx) => {
    await settleSignIn(trx, slots, limits);
    if (upgraded) await setPasswordHash(trx, scope, upgraded);
    if (merchant.last_login_at === null) await onFirstLogin(trx, scope, now);
    await recordSecurityEvent(trx, attempt, "signIn", "success", merchant.id);
    return answerFirstFactor(trx, scope, merchant, ip, now);
  });
  return {
    outcome: ok(answer),
    deviceCookie: needsSecondFactor(answer) ? null : newDeviceCookie(secret, merchant.id),
  };
}
