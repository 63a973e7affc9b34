import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A browser that signed in to an account receives a device cookie naming the account (OWASP's
 * "device cookies" against online guessing). When strangers have used up the account's failure
 * budget, a request carrying a valid device cookie for that account is still let through, on a
 * budget of its own: an attacker's failures can slow the account down for strangers, never lock its
 * owner out. The e-mail code calls use it the same way: such a browser asks for and tries codes as
 * the account's own requester, on budgets of its own (code-requester.ts). HttpOnly,
 * SameSite=Strict, scoped to the API (`/api`: sign-in at /api/Login, codes at /api/User and
 * /api/Register); the console's API client sends it because the calls are same-origin.
 */
export const deviceCookieName = "mc_device";

/** What the http layer needs to write a Set-Cookie. */
export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  httpOnly: boolean;
  sameSite: "strict" | "lax";
  secure: boolean;
}

/** Signing in marks the browser for a year; a new sign-in renews it. */
const maxAgeSeconds = 365 * 86_400;

const tag = (secret: Buffer, merchantId: string, deviceId: string) =>
  createHmac("sha256", secret).update(`device-cookie:${merchantId}:${deviceId}`).digest("base64url");

export function newDeviceCookie(secret: Buffer, merchantId: string): string {
  const deviceId = randomBytes(16).toString("base64url");
  return `${merchantId}.${deviceId}.${tag(secret, merchantId, deviceId)}`;
}

/** The cookie's device id when it is genuine and names this merchant, else null. */
export function deviceOf(secret: Buffer, cookie: string | undefined, merchantId: string): string | null {
  const [forMerchant, deviceId, mac, ...rest] = (cookie ?? "").split(".");
  if (rest.length > 0 || forMerchant !== merchantId || !deviceId || !mac) return null;
  const expected = Buffer.from(tag(secret, merchantId, deviceId));
  const actual = Buffer.from(mac);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? deviceId : null;
}

/** Whether the cookie is genuine for the merchant it names (which account it serves is checked by `deviceOf`). */
export const isGenuineDeviceCookie = (secret: Buffer, cookie: string | undefined): boolean =>
  deviceOf(secret, cookie, (cookie ?? "").split(".")[0] ?? "") !== null;

export const deviceCookieOptions = (secure: boolean): CookieOptions => ({
  path: "/api",
  maxAgeSeconds,
  httpOnly: true,
  sameSite: "strict",
  secure,
});

/**
 * The cookies a sign-in writes: the device cookie, then the expiry of the copy an older server scoped to /api/Login
 * (on the sign-in calls a browser sends the longer path first, so a copy left there for another account would shadow
 * the new one).
 */
export const deviceCookieWrites = (
  value: string,
  secure: boolean,
): ReadonlyArray<{ name: string; value: string; options: CookieOptions }> => [
  { name: deviceCookieName, value, options: deviceCookieOptions(secure) },
  {
    name: deviceCookieName,
    value: "",
    options: { ...deviceCookieOptions(secure), path: "/api/Login", maxAgeSeconds: 0 },
  },
];
