import * as z from "zod/mini";
import { loginResult } from "./auth.ts";
import { codeField, linkTicketField, loginPasswordField, trimmedText } from "./fields.ts";
import { secondFactorChallenge } from "./two-factor.ts";

/**
 * Sign-in with Google (spec section 2: third-party sign-in, code flow or token flow in a popup).
 * Both answer the resData of Login/Login.
 */

/**
 * A random value the front end made and keeps (at least 128 bits, base64url). Google's button gets its SHA-256
 * (base64url) as `nonce`, so the ID token carries the hash and only the browser that holds the value can use the token.
 */
export const googleNonceField = trimmedText(z.regex(/^[\w-]{22,128}$/, "validation.googleCredential"));

/** An ID token (JWT) from Google's button or One Tap, and the raw nonce whose SHA-256 it must carry. */
export const googleLoginRequest = z.strictObject({
  credential: trimmedText(
    z.minLength(1, "validation.required"),
    z.maxLength(4096, "validation.tooLong"),
    z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, "validation.googleCredential"),
  ),
  nonce: googleNonceField,
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequest>;

/** An authorization code from the popup code client; the server exchanges it with its client secret. */
export const googleCodeRequest = z.strictObject({
  code: trimmedText(z.minLength(1, "validation.required"), z.maxLength(512, "validation.tooLong")),
});
export type GoogleCodeRequest = z.infer<typeof googleCodeRequest>;

/**
 * The Google account's e-mail is a merchant's who has not linked this Google account: nobody is signed in until that
 * merchant proves it with their password or a mailed code (Login/GoogleLink, with this ticket, 10 minutes, once).
 */
export const googleLinkChallenge = z.object({ linkTicket: z.string(), email: z.string() });
export type GoogleLinkChallenge = z.infer<typeof googleLinkChallenge>;

/**
 * resData of GoogleLogin and GoogleCode: a session (Login/Login's resData), the second factor's challenge (the merchant
 * has TOTP on), or the link to prove first.
 */
export const googleSignInResult = z.union([loginResult, secondFactorChallenge, googleLinkChallenge]);
export type GoogleSignInResult = z.infer<typeof googleSignInResult>;

export const isLinkChallenge = (result: GoogleSignInResult): result is GoogleLinkChallenge => "linkTicket" in result;

/** Proves the link with the merchant's password, or with a code mailed for the purpose `link`: one of the two. */
export const googleLinkRequest = z
  .strictObject({ linkTicket: linkTicketField, password: z.optional(loginPasswordField), code: z.optional(codeField) })
  .check(
    z.refine((v) => (v.password === undefined) !== (v.code === undefined), {
      message: "validation.required",
      path: ["password"],
    }),
  );
export type GoogleLinkRequest = z.infer<typeof googleLinkRequest>;

/** Scopes the console asks Google for (spec section 9). */
export const googleScopes = "email profile openid";

/**
 * The `<meta name>` in which the server names its Google OAuth client id in every console page it sends (absent when
 * sign-in with Google is off): one build of the console serves deployments with and without Google.
 */
export const googleClientIdMetaName = "google-client-id";
