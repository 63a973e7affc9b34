import type { Kysely } from "kysely";
import type { LoginResult } from "../../../contracts/schemas/auth.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { asSignIn } from "../../db/prioritised-pglite.ts";
import type { DB } from "../../db/schema.ts";
import type { IdentityServices } from "./identity-services.ts";
import { deviceOf, newDeviceCookie } from "./device-cookie.ts";
import { loginRefusalMessage, loginSlots, settleSignIn, takeLoginSlots } from "./login-throttle.ts";
import { findMerchantByEmail, normalizeEmail, setPasswordHash } from "./merchants.ts";
import { onFirstLogin } from "../messaging/messages.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import { givingSlotsBackIfBusy } from "../platform/rate-limit.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { toLoginResult } from "./profile.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { signInMerchant } from "./sessions.ts";
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
export type SignedIn = { outcome: Outcome<LoginResult>; deviceCookie: string | null };

/** Before a session exists, the system acts for the merchant the e-mail and password proved (merchant-scope.ts). */
const system = systemScope("sign-in");

/**
 * Login/Login: throttle first, then one password check, then the session and the device cookie. Its database calls go
 * ahead of other requests' (PGlite): a burst of cheap calls must not slow sign-in down.
 */
export const signIn = (db: Kysely<DB>, attempt: SignInAttempt, services: IdentityServices): Promise<SignedIn> =>
  asSignIn(() => checkAndSignIn(db, attempt, services));

async function checkAndSignIn(
  db: Kysely<DB>,
  attempt: SignInAttempt,
  { limits, secret, kdf, refusals }: IdentityServices,
): Promise<SignedIn> {
  const { password, ip, now, deviceCookie } = attempt;
  const refused = (outcome: Outcome<LoginResult>): SignedIn => ({ outcome, deviceCookie: null });
  const email = normalizeEmail(attempt.email);
  const merchant = await findMerchantByEmail(db, email);
  const deviceId = merchant ? deviceOf(secret, deviceCookie, merchant.id) : null;
  const slots = { email, ip, deviceId };
  const taken = await takeLoginSlots(db, slots, limits, now, refusals);
  if (!taken.ok) await recordSecurityEvent(db, attempt, "signIn", "refused", merchant?.id);
  if (!taken.ok) return refused(fail(errCodes.rateLimited, loginRefusalMessage(taken), 429));

  // Refused as busy, the attempt gives its slots back: it checked no password.
  const check = await givingSlotsBackIfBusy(db, loginSlots(slots, limits), refusals, () =>
    kdf.run("sign-in", async () =>
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
  const accessToken = await db.transaction().execute(async (trx) => {
    await settleSignIn(trx, slots, limits);
    if (upgraded) await setPasswordHash(trx, scope, upgraded);
    if (merchant.last_login_at === null) await onFirstLogin(trx, scope, now);
    await recordSecurityEvent(trx, attempt, "signIn", "success", merchant.id);
    return signInMerchant(trx, scope, ip, now);
  });
  return {
    outcome: ok(toLoginResult(merchant, accessToken)),
    deviceCookie: newDeviceCookie(secret, merchant.id),
  };
}
