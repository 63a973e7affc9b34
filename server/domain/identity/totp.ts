import { createHmac, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** RFC 6238 with the parameters every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const period = 30;
const issuer = "Merchant Console";

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (base32: string, label = "") =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(base32), algorithm: "SHA1", digits: 6, period });

/** The otpauth:// URI the QR code carries. */
export const totpUri = (base32: string, email: string): string => totpOf(base32, email).toString();

/** The code of the step around `now` (tests, the Pact states, the browser journey's helper). */
export const totpCodeAt = (base32: string, now: Date): string => totpOf(base32).generate({ timestamp: now.getTime() });

const stepAt = (now: Date): number => Math.floor(now.getTime() / 1000 / period);

/**
 * The time step of `code` when it is the code of the step before, at or after `now` (±1 step of drift) and later than
 * `lastUsedStep` (each code is accepted once); else null.
 */
export function acceptedStep(base32: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = stepAt(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** Ten letters and digits of base32 (about 50 bits), shown as `abcde-fghij`. */
const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
export const recoveryCodeCount = 10;

export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What the merchant typed, as stored: lower case, no dash, no spaces. */
export const normalizeRecoveryCode = (code: string): string => code.trim().toLowerCase().replaceAll("-", "");

export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.trim());

/** Recovery codes are kept as HMACs under a pepper from the server secret, bound to their merchant. */
export const hashRecoveryCode = (secret: Buffer, merchantId: string, code: string): string => {
  const pepper = createHmac("sha256", secret).update("totp-recovery-code-pepper").digest();
  return createHmac("sha256", pepper)
    .update(`${merchantId}:${normalizeRecoveryCode(code)}`)
    .digest("hex");
};
