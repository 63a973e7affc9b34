import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { GoogleSignInResult } from "../../contracts/schemas/google.ts";
import { signInWithGoogle } from "../domain/identity/google-accounts.ts";
import { linkGoogleAccount, spendIdToken } from "../domain/identity/google-link.ts";
import { recordSecurityEvent } from "../domain/identity/security-events.ts";
import {
  exchangeGoogleCode,
  type GoogleCheck,
  type GoogleSettings,
  verifyGoogleIdToken,
} from "../domain/identity/google-identity.ts";
import { addressBucket } from "../domain/platform/ip-address.ts";
import { refundSlots, type Slot, takeSlots, waitMessage } from "../domain/platform/rate-limit.ts";
import { fail, type Outcome, ok } from "../domain/platform/outcome.ts";
import type { HandlerContext, HandlerTable } from "../http/handler.ts";
import { codeCaller } from "./code-call.ts";

type GoogleContext = HandlerContext<"googleLogin"> | HandlerContext<"googleCode">;

const notConfigured = (what: string) =>
  fail(errCodes.googleNotConfigured, `Sign-in with Google is not configured on this server (${what})`);

async function refused(
  ctx: GoogleContext,
  code: (typeof errCodes)["googleTokenInvalid" | "googleEmailUnverified"],
  message: string,
  detail: string,
) {
  ctx.log.info({ detail }, "Google sign-in refused");
  await recordSecurityEvent(ctx.db, ctx, "googleSignIn", "failure");
  return fail(code, message);
}

async function answerCheck(
  ctx: GoogleContext,
  check: GoogleCheck,
  idToken: string,
): Promise<Outcome<GoogleSignInResult>> {
  if (check.ok) {
    // One ID token, one session: a second use is refused like a forged one.
    if (!(await spendIdToken(ctx.db, idToken, check.identity.tokenExpiresAt)))
      return refused(ctx, errCodes.googleTokenInvalid, "The Google sign-in could not be verified", "ID token replayed");
    await refundSlots(ctx.db, ipSlot(ctx));
    return ok(await signInWithGoogle(ctx.db, check.identity, ctx.ip, ctx.now, ctx.userAgent));
  }
  if (check.reason === "unreachable") {
    await refundSlots(ctx.db, ipSlot(ctx));
    ctx.log.warn({ detail: check.detail }, "Google could not be reached");
    return fail(errCodes.googleUnreachable, "Google could not be reached, please retry", 502);
  }
  if (check.reason === "unverifiedEmail")
    return refused(
      ctx,
      errCodes.googleEmailUnverified,
      "The e-mail of this Google account is not verified",
      check.detail,
    );
  return refused(ctx, errCodes.googleTokenInvalid, "The Google sign-in could not be verified", check.detail);
}

const ipSlot = (ctx: GoogleContext): Slot[] => [
  { bucket: "login-ip", subject: addressBucket(ctx.ip), window: ctx.services.limits.loginFailuresPerIp },
];

/** Each try takes a slot of the address's sign-in bucket up front; a verified one gives it back. */
const rateLimited = async (ctx: GoogleContext) => {
  const taken = await takeSlots(ctx.db, ipSlot(ctx), ctx.now, ctx.services.refusals);
  if (!taken.ok && !taken.remembered) await recordSecurityEvent(ctx.db, ctx, "googleSignIn", "refused");
  return taken.ok ? null : fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
};

/** Sign-in with Google: the ID-token flow (button, One Tap) and the popup's code flow. */
export const googleHandlers: Pick<HandlerTable, "googleLogin" | "googleCode" | "googleLink"> = {
  googleLogin: {
    async handle(ctx) {
      const settings = ctx.services.google;
      if (!settings) return notConfigured("GOOGLE_CLIENT_ID");
      const limited = await rateLimited(ctx);
      if (limited) return limited;
      const { credential, nonce } = ctx.body;
      return answerCheck(
        ctx,
        await verifyGoogleIdToken(settings, credential, ctx.now, { rawNonce: nonce }),
        credential,
      );
    },
  },

  googleCode: {
    async handle(ctx) {
      const settings = ctx.services.google;
      if (!settings) return notConfigured("GOOGLE_CLIENT_ID");
      if (!settings.clientSecret) return notConfigured("GOOGLE_CLIENT_SECRET");
      const limited = await rateLimited(ctx);
      if (limited) return limited;
      const exchange = await exchangeGoogleCode(settings as GoogleSettings & { clientSecret: string }, ctx.body.code);
      if (!exchange.ok) return answerCheck(ctx, exchange, "");
      return answerCheck(ctx, await verifyGoogleIdToken(settings, exchange.idToken, ctx.now), exchange.idToken);
    },
  },

  googleLink: {
    async handle(ctx) {
      const input = { now: ctx.now, userAgent: ctx.userAgent, ...codeCaller(ctx) };
      return linkGoogleAccount(ctx.db, ctx.body, input, ctx.services);
    },
  },
};
