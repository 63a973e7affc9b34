import type { Kysely } from "kysely";
import { type LoginAnswer, needsSecondFactor } from "../../../contracts/schemas/two-factor.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { asSignIn } from "../../db/prioritised-pglite.ts";
import type { DB } from "../../db/schema.ts";
import type { IdentityServices } from "./identity-services.ts";
import { deviceOf, isGenuineDeviceCookie, newDeviceCookie } from "./device-cookie.ts";
import {
  type LoginAttempt,
  loginRefusal,
  loginSlots,
  mailCodeSlot,
  settleSignIn,
  takeLoginSlots,
} from "./login-throttle.ts";
import { findMerchantByEmail, normalizeEmail, setPasswordHash } from "./merchants.ts";
import { onFirstLogin } from "../messaging/messages.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import { givingSlotsBackIfBusy, type Slot, type Taken, takeSlots } from "../platform/rate-limit.ts";
import { identifyRequester } from "./code-requester.ts";
import { takeCodeUseSlots } from "./code-throttle.ts";
import { type CheckCodeInput, checkCode } from "./codes.ts";
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
  /**
   * A code mailed for `sign-in` (Login/Login's `emailCode`): with the right password it passes the account's bucket
   * (the owner on a new device), and is spent by the sign-in it makes.
   */
  emailCode?: string | undefined;
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

/** The slots a password check took, and how a right password settles them; or the refusal. */
type Gate =
  | { ok: true; slots: LoginAttempt; taken: Slot[]; mailCode: Omit<CheckCodeInput, "consume"> | null }
  /** `remembered`: answered from the refusal memo (a flood's repeat), recorded once per run. */
  | { ok: false; refusal: Outcome<never>; remembered?: boolean };

/**
 * Without a mailed code: the account's slots (login-throttle.ts), refused by the account's bucket with 2011 so that the
 * console offers the code. With one: the code is tried first, as any mailed code is (code-use budgets, its own five
 * tries), and only a right one reaches the password, on the address's buckets, the mailbox's and that code's own
 * (a handful of wrong passwords per code), never the account's bucket strangers fill.
 */
async function throttleGate(
  db: Kysely<DB>,
  attempt: SignInAttempt,
  email: string,
  deviceId: string | null,
  services: IdentityServices,
): Promise<Gate> {
  const { limits, secret, refusals } = services;
  const { ip, now, emailCode } = attempt;
  if (emailCode === undefined) {
    const slots = { email, ip, deviceId };
    const taken = await takeLoginSlots(db, slots, limits, now, refusals);
    return taken.ok ? { ok: true, slots, taken: loginSlots(slots, limits), mailCode: null } : refusedBy(taken);
  }
  const requester = await identifyRequester(db, email, { ip, deviceCookie: attempt.deviceCookie }, secret);
  const use = await takeCodeUseSlots(db, { email, purpose: "sign-in", requester }, services, now);
  if (!use.ok) return { ok: false, refusal: use.refused, remembered: use.remembered };
  const mailCode = {
    email,
    purpose: "sign-in",
    code: emailCode,
    now,
    maxAttempts: limits.codeMaxAttempts,
    secret,
    requester: requester.key,
  } as const;
  const checked = await db.transaction().execute((trx) => checkCode(trx, { ...mailCode, consume: false }));
  if (!checked.ok) return { ok: false, refusal: checked };
  const slots = { email, ip, deviceId: null, mailbox: true };
  const codeSlot = mailCodeSlot(email, emailCode, secret, limits);
  const all = [...loginSlots(slots, limits), codeSlot];
  const taken = await takeSlots(db, all, now, refusals);
  if (!taken.ok && taken.slot.bucket === codeSlot.bucket)
    return { ok: false, refusal: fail(errCodes.codeExpired, messages.codeExpired) };
  return taken.ok ? { ok: true, slots, taken: all, mailCode } : refusedBy(taken);
}

const refusedBy = (taken: Extract<Taken, { ok: false }>): Gate => ({
  ok: false,
  refusal: loginRefusal(taken),
  remembered: taken.remembered === true,
});

async function checkAndSignIn(db: Kysely<DB>, attempt: SignInAttempt, services: IdentityServices): Promise<SignedIn> {
  const { limits, secret, kdf, refusals } = services;
  const { password, now, deviceCookie } = attempt;
  const refused = (outcome: Outcome<LoginAnswer>): SignedIn => ({ outcome, deviceCookie: null });
  const email = normalizeEmail(attempt.email);
  const merchant = await findMerchantByEmail(db, email);
  const deviceId = merchant ? deviceOf(secret, deviceCookie, merchant.id) : null;
  const gate = await throttleGate(db, attempt, email, deviceId, services);
  if (!gate.ok) {
    // A flood's repeats, refused from memory, cost no row: the first refusal of a run says it.
    if (!gate.remembered) await recordSecurityEvent(db, attempt, "signIn", gate.refusal, merchant?.id);
    return refused(gate.refusal);
  }

  // Refused as busy, the attempt gives its slots back: it checked no password. The owner's browser hashes in a lane of
  // its own; an unknown e-mail's equal-work check comes last and is shed first under load.
  const lane = deviceId && !gate.mailCode ? "trusted-device" : merchant ? "sign-in" : "unknown-account";
  const check = await givingSlotsBackIfBusy(db, gate.taken, refusals, () =>
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
  const { mailCode, slots } = gate;
  // With TOTP on, the answer is a challenge (no session, no device cookie yet): second-factor-sign-in.ts.
  const answer = await transactRetrying(db, async (trx): Promise<Outcome<LoginAnswer>> => {
    // The mailed code is spent by this sign-in, once: a parallel one with the same code finds it used.
    const spent = mailCode ? await checkCode(trx, { ...mailCode, consume: true }) : ok(null);
    if (!spent.ok) return spent;
    await settleSignIn(trx, slots, limits);
    if (upgraded) await setPasswordHash(trx, scope, upgraded);
    if (merchant.last_login_at === null) await onFirstLogin(trx, scope, now);
    await recordSecurityEvent(trx, attempt, "signIn", "success", merchant.id);
    return ok(await answerFirstFactor(trx, scope, merchant, attempt.ip, now, { mailbox: mailCode !== null }));
  });
  if (!answer.ok) return refused(answer);
  return {
    outcome: answer,
    deviceCookie: needsSecondFactor(answer.data) ? null : newDeviceCookie(secret, merchant.id),
  };
}
