import * as z from "zod/mini";
import { trimmedText } from "./fields.ts";

/**
 * Sign-in with Google (spec section 2: third-party sign-in, code flow or token flow in a popup).
 * Both answer the resData of Login/Login.
 */

/** An ID token (JWT) from Google's button or One Tap. */
export const googleLoginRequest = z.strictObject({
  credential: trimmedText(
    z.minLength(1, "validation.required"),
    z.maxLength(4096, "validation.tooLong"),
    z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, "validation.googleCredential"),
  ),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequest>;

/** An authorization code from the popup code client; the server exchanges it with its client secret. */
export const googleCodeRequest = z.strictObject({
  code: trimmedText(z.minLength(1, "validation.required"), z.maxLength(512, "validation.tooLong")),
});
export type GoogleCodeRequest = z.infer<typeof googleCodeRequest>;

/** Scopes the console asks Google for (spec section 9). */
export const googleScopes = "email profile openid";
