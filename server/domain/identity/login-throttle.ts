import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { addressBucket } from "../platform/ip-address.ts";
import type { Limits } from "../platform/limits.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";
import { clearBuckets, refundSlots, type Slot, type Taken, takeSlots } from "../platform/rate-limit.ts";

/**
 * Every password check first takes its slots, in one step, before any hashing. Without a device cookie: the
 * address (any account), the account from this address, and the account as a whole. A browser holding the
 * account's device cookie takes a slot of that device's bucket only: it signed in before, so neither strangers
 * exhausting the account's bucket nor a flood from its own address (a shared NAT) can lock it out. So parallel
 * guesses check at most as many passwords as the buckets hold, and strangers leave the owner's browsers (own
 * buckets) and the e-mail reset (which empties the account's buckets) working.
 */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** From a valid device cookie for this account, else null. */
  deviceId: string | null;
}

export function loginSlots({ email, ip, deviceId }: LoginAttempt, limits: Limits): Slot[] {
  if (deviceId) return [deviceSlot(deviceId, limits)];
  const address = addressBucket(ip);
  return [
    { bucket: "login-ip", subject: address, window: limits.loginFailuresPerIp },
    { bucket: "login-account-ip", subject: accountIpSubject(email, address), window: limits.loginFailuresPerAccountIp },
    { bucket: "login-account", subject: email, window: limits.loginFailuresPerAccount },
  ];
}

const deviceSlot = (deviceId: string, limits: Limits): Slot => ({
  bucket: "login-device",
  subject: deviceId,
  window: limits.loginFailuresPerDevice,
});

export const takeLoginSlots = (
  db: Kysely<DB>,
  attempt: LoginAttempt,
  limits: Limits,
  now: Date,
  memo: RefusalMemo,
): Promise<Taken> => takeSlots(db, loginSlots(attempt, limits), now, memo);

/**
 * The password was right: this address's and this device's counts for the account start over; the
 * address-wide and account-wide buckets only get this attempt's slot back (others' failures stay counted).
 */
export async function settleSignIn(db: Kysely<DB>, attempt: LoginAttempt, limits: Limits): Promise<void> {
  const [ipSlot, accountIpSlot, accountSlot] = loginSlots({ ...attempt, deviceId: null }, limits) as [Slot, Slot, Slot];
  // The rows in takeSlots' order (address, account + address, account): a parallel sign-in of the same account taking
  // its slots then waits for this one instead of deadlocking with it (seen on PostgreSQL: two tabs signing in at once).
  if (!attempt.deviceId) await refundSlots(db, [ipSlot]);
  await clearBuckets(db, [accountIpSlot.bucket], { subject: accountIpSlot.subject });
  if (attempt.deviceId) await clearBuckets(db, ["login-device"], { subject: attempt.deviceId });
  else await refundSlots(db, [accountSlot]);
}

/** The account's own buckets: emptied when its owner proves control of the mailbox (password reset). */
export async function clearAccountThrottle(db: Kysely<DB>, email: string): Promise<void> {
  await clearBuckets(db, ["login-account"], { subject: email });
  await clearBuckets(db, ["login-account-ip"], { prefix: accountIpSubject(email, "") });
}

/** E-mails never contain a space, so "email ip" cannot collide. */
const accountIpSubject = (email: string, ip: string) => `${email} ${ip}`;

/** The refusal's text: the account-wide bucket points the owner to the way that always works. */
export function loginRefusalMessage(taken: Extract<Taken, { ok: false }>): string {
  const wait =
    taken.waitSeconds >= 120 ? `${Math.ceil(taken.waitSeconds / 60)} minutes` : `${taken.waitSeconds} seconds`;
  return taken.slot.bucket === "login-account"
    ? `Too many failed sign-ins on this account, try again in ${wait} or reset your password by e-mail`
    : `Too many attempts, try again in ${wait}`;
}
