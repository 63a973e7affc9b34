import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { LoginResult } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { DB } from "../db/schema.ts";
import { exchangeGoogleCode, type GoogleCheck, type GoogleIdentity, type GoogleSettings, verifyGoogleIdToken } from "../domain/google-identity.ts";
import { defaultNickName } from "../domain/merchants.ts";
import { onFirstLogin, onRegistered } from "../domain/messages.ts";
import { refundSlots, type Slot, takeSlots, waitMessage } from "../domain/rate-limit.ts";
import { signInMerchant } from "../domain/sessions.ts";
import { fail, type Outcome, ok } from "../domain/outcome.ts";
import type { HandlerContext, HandlerTable } from "../http/handler.ts";

type GoogleContext = HandlerContext<"googleLogin"> | HandlerContext<"googleCode">;

/** A hash no password can match (not the scrypt format), so a merchant registered by Google has no password until reset. */
const unusablePasswordHash = () => `google$${randomBytes(24).toString("base64url")}`;

const notConfigured = (what: string) => fail(errCodes.googleNotConfigured, `Sign-in with Google is not configured on this server (${what})`);

async function refused(ctx: GoogleContext, code: (typeof errCodes)["googleTokenInvalid" | "googleEmailUnverified"], message: string, detail: string) {
  ctx.log.info({ detail }, "Google sign-in refused");
  return fail(code, message);
}

async function answerCheck(ctx: GoogleContext, check: GoogleCheck): Promise<Outcome<LoginResult>> {
  if (check.ok) {
    await refundSlots(ctx.db, ipSlot(ctx));
    return ok(await signInWithGoogle(ctx.db, check.identity, ctx.ip, ctx.now));
  }
  if (check.reason === "unreachable") {
    await refundSlots(ctx.db, ipSlot(ctx));
    ctx.log.warn({ detail: check.detail }, "Google could not be reached");
    return fail(errCodes.googleUnreachable, "Google could not be reached, please retry", 502);
  }
  if (check.reason === "unverifiedEmail") return refused(ctx, errCodes.googleEmailUnverified, "The e-mail of this Google account is not verified", check.detail);
  return refused(ctx, errCodes.googleTokenInvalid, "The Google sign-in could not be verified", check.detail);
}

const ipSlot = (ctx: GoogleContext): Slot[] => [{ bucket: "login-ip", subject: ctx.ip, window: ctx.services.limits.loginFailuresPerIp }];

/** Each try takes a slot of the address's sign-in bucket up front; a verified one gives it back. */
const rateLimited = async (ctx: GoogleContext) => {
  const taken = await takeSlots(ctx.db, ipSlot(ctx), ctx.now, ctx.services.refusals);
  return taken.ok ? null : fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
};

/**
 * The merchant Google vouches for: by Google account id, else by e-mail (linking the account), else a
 * new merchant with an unusable password and Google's name as nickname. Then a session and the
 * message-box events, as Register and Login.
 */
export async function signInWithGoogle(db: Kysely<DB>, identity: GoogleIdentity, ip: string, now: Date): Promise<LoginResult> {
  return db.transaction().execute(async (trx) => {
    const bySubject = await trx.selectFrom("merchants").selectAll().where("google_sub", "=", identity.subject).executeTakeFirst();
    let merchant = bySubject ?? (await trx.selectFrom("merchants").selectAll().where("email", "=", identity.email).executeTakeFirst());
    if (merchant && !bySubject) {
      await trx.updateTable("merchants").set({ google_sub: identity.subject }).where("id", "=", merchant.id).where("google_sub", "is", null).execute();
    }
    const registered = !merchant;
    merchant ??=
      (await trx
        .insertInto("merchants")
        .values({
          email: identity.email,
          password_hash: unusablePasswordHash(),
          nick_name: identity.name.slice(0, 40) || defaultNickName(identity.email),
          google_sub: identity.subject,
          created_at: now,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returningAll()
        .executeTakeFirst()) ??
      // Registered meanwhile by a concurrent request.
      (await trx.selectFrom("merchants").selectAll().where("email", "=", identity.email).executeTakeFirstOrThrow());
    // The message box greets a merchant Google registered, as one registered by e-mail.
    if (registered) await onRegistered(trx, merchant.id, now);
    if (merchant.last_login_at === null) await onFirstLogin(trx, merchant.id, now);
    const accessToken = await signInMerchant(trx, merchant.id, ip, now);
    return { accessToken, userId: merchant.id, email: merchant.email, language: merchant.language, nickName: merchant.nick_name, avatar: merchant.avatar };
  });
}

/** Sign-in with Google: the ID-token flow (button, One Tap) and the popup's code flow. */
export const googleHandlers: Pick<HandlerTable, "googleLogin" | "googleCode"> = {
  googleLogin: {
    async handle(ctx) {
      const settings = ctx.services.google;
      if (!settings) return notConfigured("GOOGLE_CLIENT_ID");
      const limited = await rateLimited(ctx);
      if (limited) return limited;
      return answerCheck(ctx, await verifyGoogleIdToken(settings, ctx.body.credential, ctx.now));
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
      if (!exchange.ok) return answerCheck(ctx, exchange);
      return answerCheck(ctx, await verifyGoogleIdToken(settings, exchange.idToken, ctx.now));
    },
  },
};
