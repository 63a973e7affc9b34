import * as z from "zod/mini";
import {
  codeField,
  codePurpose,
  emailField,
  idField,
  linkTicketField,
  loginPasswordField,
  passwordField,
  repeatMatches,
  repeatPasswordField,
  secondFactorCodeField,
} from "./fields.ts";
import { appAction, appCodeField } from "./apps.ts";

/**
 * `emailCode`: a code mailed for `sign-in` (User/SentVerificationCode), sent with the right password when the account's
 * sign-in is throttled (errCode 2011): it lets the owner on a new device through, spent by the sign-in it makes. It is
 * never a sign-in by itself, and the second factor still follows.
 */
export const loginRequest = z.strictObject({
  email: emailField,
  password: loginPasswordField,
  emailCode: z.optional(codeField),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** resData of Login/Login (spec section 3). */
export const loginResult = z.object({
  accessToken: z.string(),
  userId: z.string(),
  email: z.string(),
  language: z.string(),
  nickName: z.string(),
  avatar: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

/**
 * `linkTicket` goes with a `link` code only: the Google link step's ticket (Login/GoogleSignIn's answer) for this
 * e-mail's account, so no one without that Google account can have link codes mailed to the owner.
 */
export const sendCodeRequest = z.strictObject({
  email: emailField,
  type: codePurpose,
  linkTicket: z.optional(linkTicketField),
});
export type SendCodeRequest = z.infer<typeof sendCodeRequest>;

/** 2004's resData: the seconds left before this requester may ask again, so the form counts down from them. */
export const codeTooSoonDetail = z.object({ resendAfterSeconds: z.number() });
export type CodeTooSoonDetail = z.infer<typeof codeTooSoonDetail>;

/** When the next code may be asked for, so the form can count down from the server's figure. */
export const sendCodeResult = z.object({ resendAfterSeconds: z.number(), expiresInSeconds: z.number() });
export type SendCodeResult = z.infer<typeof sendCodeResult>;

/**
 * Type `application` also names the application and the action the code is for, and takes the authenticator app's
 * code when the merchant has two-factor on: the answer then carries a proof for that one call (contracts/schemas/apps.ts).
 */
export const checkCodeRequest = z
  .strictObject({
    email: emailField,
    code: codeField,
    type: codePurpose,
    appCode: z.optional(appCodeField),
    action: z.optional(appAction),
    totpCode: z.optional(secondFactorCodeField),
  })
  .check(
    z.refine((v) => v.type !== "application" || v.appCode !== undefined, {
      message: "validation.required",
      path: ["appCode"],
    }),
    z.refine((v) => v.type !== "application" || v.action !== undefined, {
      message: "validation.required",
      path: ["action"],
    }),
  );
export type CheckCodeRequest = z.infer<typeof checkCodeRequest>;
/**
 * `proof` (type `application` only): single use, for `proofExpiresInSeconds`, by the merchant whose e-mail got the code.
 * Checked in the merchant's session (the console sends its Bearer token), the proof is that session's only, and
 * `verifiedForSeconds` says how long the application's protected actions need no new code in it (the verified
 * window, `verifiedWindowActions` in contracts/schemas/apps.ts); absent when checked without a session.
 */
export const checkCodeResult = z.object({
  valid: z.boolean(),
  proof: z.optional(z.string()),
  proofExpiresInSeconds: z.optional(z.number()),
  verifiedForSeconds: z.optional(z.number()),
});
export type CheckCodeResult = z.infer<typeof checkCodeResult>;

export const registerRequest = z
  .strictObject({ email: emailField, code: codeField, password: passwordField, repeatPassword: repeatPasswordField })
  .check(repeatMatches());
export type RegisterRequest = z.infer<typeof registerRequest>;
export const registerResult = z.object({ userId: z.string(), email: z.string() });
export type RegisterResult = z.infer<typeof registerResult>;

export const resetPasswordRequest = z
  .strictObject({ email: emailField, code: codeField, password: passwordField, repeatPassword: repeatPasswordField })
  .check(repeatMatches());
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const updatePasswordRequest = z
  .strictObject({
    oldPassword: loginPasswordField,
    password: passwordField,
    repeatPassword: repeatPasswordField,
    /** Mailed to the account's address (SentVerificationCode, type change-password). */
    code: codeField,
  })
  .check(repeatMatches());
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;

export const logoutQuery = z.object({ uid: idField });

export const lastLoginResult = z.object({
  userId: z.string(),
  lastLoginAt: z.nullable(z.string()),
  lastLoginIp: z.nullable(z.string()),
});
export type LastLoginResult = z.infer<typeof lastLoginResult>;

export const emptyResult = z.nullable(z.unknown());
