import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { addressBucket } from "../platform/ip-address.ts";
import type { Limits } from "../platform/limits.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";
import { clearBuckets, refundSlots, type Slot, type Taken, takeSlots } from "../platform/rate-limit.ts";

/**
 * Every password (or second-factor code) check first takes its slots, in one step, before any hashing. Without
 * anything but the password: the address (any account), the account from this address, and the account as a whole.
 * Four ways past the account's bucket, each on a budget strangers cannot fill:
 *
 * - a browser holding the account's device cookie takes a slot of that device's bucket only: it signed in before, so
 *   neither strangers exhausting the account's bucket nor a flood from its own address (a shared NAT) lock it out;
 * - a sign-in that came with a right code mailed to the account (`mailbox`: the owner on a new device) takes the
 *   address's buckets and the mailbox's, which only requests holding a code from the mailbox ever reach (the code is
 *   checked first), and, in sign-in.ts, a bucket of that one code;
 * - a two-factor challenge such a sign-in answered (`mailbox` again): its codes go on the mailbox's budget;
 * - a signed-in session (`sessionHash`: turning two-factor on or off) takes a slot of that session's bucket only.
 *
 * So parallel guesses check at most as many passwords as the buckets hold, and strangers leave the owner's browsers,
 * sessions and mailbox (own buckets) and the e-mail reset (which empties the account's buckets) working.
 */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** From a valid device cookie for this account, else null. */
  deviceId: string | null;
  /** The attempt (or the sign-in whose second step it is) came with a right code mailed to the account. */
  mailbox?: boolean;
  /** A signed-in session of the account makes the attempt: the sha-256 of its token (sessions.ts). */
  sessionHash?: string | null;
}

export function loginSlots({ email, ip, deviceId, mailbox, sessionHash }: LoginAttempt, limits: Limits): Slot[] {
  if (deviceId) return [deviceSlot(deviceId, limits)];
  if (sessionHash) return [sessionSlot(sessionHash, limits)];
  return [...addressSlots(email, ip, limits), mailbox ? mailboxSlot(email, limits) : accountSlot(email, limits)];
}

/** The address (any account) and the account from this address: every attempt without a device cookie or session. */
const addressSlots = (email: string, ip: string, limits: Limits): [Slot, Slot] => {
  const address = addressBucket(ip);
  return [
    { bucket: "login-ip", subject: address, window: limits.loginFailuresPerIp },
    { bucket: "login-account-ip", subject: accountIpSubject(email, address), window: limits.loginFailuresPerAccountIp },
  ];
};

const accountSlot = (email: string, limits: Limits): Slot => ({
  bucket: "login-account",
  subject: email,
  window: limits.loginFailuresPerAccount,
});

const deviceSlot = (deviceId: string, limits: Limits): Slot => ({
  bucket: "login-device",
  subject: deviceId,
  window: limits.loginFailuresPerDevice,
});

/** The mailbox's own budget: as large as a known device's, since only the holder of a mailed code reaches it. */
const mailboxSlot = (email: string, limits: Limits): Slot => ({
  bucket: "login-mailbox",
  subject: email,
  window: limits.loginFailuresPerDevice,
});

/** A session's own budget for second-factor codes, as large as a known device's. */
const sessionSlot = (sessionHash: string, limits: Limits): Slot => ({
  bucket: "login-session",
  subject: sessionHash,
  window: limits.loginFailuresPerDevice,
});

/**
 * One mailed code's wrong passwords (sign-in.ts): `codeMaxAttempts` in its lifetime, like its wrong tries. The subject is
 * an HMAC of the e-mail and the code (keyed by the server secret, so the table does not hold the code), which names the
 * code as long as it lives: a code the mailbox holds gives a handful of password tries, no more.
 */
export function mailCodeSlot(email: string, code: string, secret: Buffer, limits: Limits): Slot {
  const subject = createHmac("sha256", secret).update(`sign-in-code:${email}:${code}`).digest("base64url");
  return {
    bucket: "login-mail-code",
    subject,
    window: { max: limits.codeMaxAttempts, seconds: limits.codeTtlSeconds },
  };
}

export const takeLoginSlots = (
  db: Kysely<DB>,
  attempt: LoginAttempt,
  limits: Limits,
  now: Date,
  memo: RefusalMemo,
): Promise<Taken> => takeSlots(db, loginSlots(attempt, limits), now, memo);

/**
 * The password was right: this address's and this device's (or session's) counts for the account start over; the
 * address-wide, account-wide and mailbox buckets only get this attempt's slot back (others' failures stay counted).
 */
export async function settleSignIn(db: Kysely<DB>, attempt: LoginAttempt, limits: Limits): Promise<void> {
  if (attempt.sessionHash && !attempt.deviceId) {
    await clearBuckets(db, ["login-session"], { subject: attempt.sessionHash });
    return;
  }
  const [ipSlot, accountIpSlot] = addressSlots(attempt.email, attempt.ip, limits);
  // The rows in takeSlots' order (address, account + address, account): a parallel sign-in of the same account taking
  // its slots then waits for this one instead of deadlocking with it (seen on PostgreSQL: two tabs signing in at once).
  if (!attempt.deviceId) await refundSlots(db, [ipSlot]);
  await clearBuckets(db, [accountIpSlot.bucket], { subject: accountIpSlot.subject });
  if (attempt.deviceId) await clearBuckets(db, ["login-device"], { subject: attempt.deviceId });
  else
    await refundSlots(db, [attempt.mailbox ? mailboxSlot(attempt.email, limits) : accountSlot(attempt.email, limits)]);
}

/** The account's own buckets: emptied when its owner proves control of the mailbox (password reset). */
export async function clearAccountThrottle(db: Kysely<DB>, email: string): Promise<void> {
  await clearBuckets(db, ["login-account", "login-mailbox"], { subject: email });
  await clearBuckets(db, ["login-account-ip"], { prefix: accountIpSubject(email, "") });
}

/** E-mails never contain a space, so "email ip" cannot collide. */
const accountIpSubject = (email: string, ip: string) => `${email} ${ip}`;

/** The refusal's text: the account-wide bucket points the owner to the ways that always work. */
export function loginRefusalMessage(taken: Extract<Taken, { ok: false }>): string {
  const wait = waitText(taken.waitSeconds);
  return taken.slot.bucket === "login-account"
    ? `Too many failed sign-ins on this account, try again in ${wait} or reset your password by e-mail`
    : `Too many attempts, try again in ${wait}`;
}

const waitText = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`);

/**
 * A sign-in step refused by its slots (429). Refused by the account-wide bucket (strangers' failures), a sign-in says
 * so with its own errCode (2011): the right password with a code mailed for `sign-in` gets through (sign-in.ts).
 */
export function loginRefusal(taken: Extract<Taken, { ok: false }>): Outcome<never> {
  return taken.slot.bucket === "login-account"
    ? fail(
        errCodes.signInNeedsMailCode,
        `Too many failed sign-ins on this account: ask for a sign-in code by e-mail and enter it with your password, or try again in ${waitText(taken.waitSeconds)}`,
        429,
      )
    : fail(errCodes.rateLimited, loginRefusalMessage(taken), 429);
}
