import * as z from "zod/mini";
import { loginResult } from "./auth.ts";
import { loginPasswordField, secondFactorCodeField, totpCodeField, trimmedText } from "./fields.ts";

/**
 * Two-factor sign-in with TOTP (RFC 6238): a 6-digit code from an authenticator app, or one of the ten
 * single-use recovery codes (ten letters and digits, shown as `abcde-fghij`).
 */

/**
 * What Login/Login and Google sign-in answer instead of a session when the merchant has TOTP on: a short-lived,
 * single-use challenge that Login/SecondFactor exchanges, with a code, for the session.
 */
export const secondFactorChallenge = z.object({
  secondFactor: z.literal("totp"),
  challenge: z.string(),
  expiresInSeconds: z.number(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** resData of the first sign-in step: the session, or the challenge of the second step. */
export const loginAnswer = z.union([loginResult, secondFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const needsSecondFactor = (answer: LoginAnswer): answer is SecondFactorChallenge => "secondFactor" in answer;

export const secondFactorRequest = z.strictObject({
  challenge: trimmedText(
    z.minLength(1, "validation.required"),
    z.maxLength(128, "validation.tooLong"),
    z.regex(/^[\w-]+$/, "validation.required"),
  ),
  code: secondFactorCodeField,
});
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

export const twoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** The account's password, asked before a new secret is shown: a session alone never reveals one. */
export const twoFactorSetupRequest = z.strictObject({ password: loginPasswordField });
export type TwoFactorSetupRequest = z.infer<typeof twoFactorSetupRequest>;

/** A new secret, not yet on: shown once as a QR code (the otpauth URI) and as text. */
export const twoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorEnableRequest = z.strictObject({ code: totpCodeField });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequest>;

/** The ten recovery codes, shown once; only their hashes are kept. */
export const twoFactorEnabled = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabled>;

export const twoFactorDisableRequest = z.strictObject({ code: secondFactorCodeField });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequest>;
