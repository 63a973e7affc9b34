import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { addressBucket } from "../platform/ip-address.ts";
import { deviceOf, isGenuineDeviceCookie } from "./device-cookie.ts";
import { hashToken } from "./tokens.ts";

/** What a code call shows about who makes it. */
export interface RequestSignals {
  ip: string;
  /** The device cookie the request carried (device-cookie.ts), if any. */
  deviceCookie?: string | undefined;
  /** The merchant of the request's live session, when it came signed in. */
  signedInMerchantId?: string | null | undefined;
}

/**
 * Who asks for a code, or tries one: budgets, the resend wait and a code's own tries belong to the
 * requester, so a stranger's requests never spend, void or burn what the owner holds.
 */
export interface CodeRequester {
  /**
   * Stored with the requester's codes (`verification_codes.requested_from`) and the subject of its budgets: the
   * address's bucket (an IPv6 client's /64, as codes always stored it), `merchant:<id>` for the account's own session,
   * `device:<sha-256 of the device id>` for a browser holding the account's device cookie.
   */
  key: string;
  /** The address's bucket: the subject of the per-address buckets. */
  address: string;
  /**
   * The account's own session or device cookie (it signed in before): never a stranger, so neither the address's
   * buckets nor the e-mail's shared ones apply to it, only its own.
   */
  known: boolean;
}

/** The key of the requester that is the account's own signed-in session. */
export const merchantRequesterKey = (merchantId: string) => `merchant:${merchantId}`;

/** Whether the requester is the e-mail's own account's signed-in session (not merely its device cookie). */
export const isSignedInAs = (requester: CodeRequester, signedInMerchantId: string | null | undefined): boolean =>
  !!signedInMerchantId && requester.key === merchantRequesterKey(signedInMerchantId);

/** A requester known only by its address (no account, or a new device). */
export const addressRequester = (ip: string): CodeRequester => {
  const address = addressBucket(ip);
  return { key: address, address, known: false };
};

/**
 * The requester of a code call for `email` (normalised): the signed-in merchant when the session is that e-mail's
 * account, else a browser with that account's genuine device cookie, else the address. A session or device of another
 * account counts as nothing: anyone may sign in to an account of their own. Reads the database only when the request
 * carries a session or a genuine device cookie.
 */
export async function identifyRequester(
  db: Kysely<DB>,
  email: string,
  signals: RequestSignals,
  secret: Buffer,
): Promise<CodeRequester> {
  const byAddress = addressRequester(signals.ip);
  const cookie = isGenuineDeviceCookie(secret, signals.deviceCookie) ? signals.deviceCookie : undefined;
  if (!signals.signedInMerchantId && !cookie) return byAddress;
  const account = await db.selectFrom("merchants").select("id").where("email", "=", email).executeTakeFirst();
  if (!account) return byAddress;
  if (signals.signedInMerchantId === account.id)
    return { ...byAddress, key: merchantRequesterKey(account.id), known: true };
  const device = deviceOf(secret, cookie, account.id);
  if (device) return { ...byAddress, key: `device:${hashToken(device)}`, known: true };
  return byAddress;
}
