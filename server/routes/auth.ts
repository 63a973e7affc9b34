import type { LoginResult } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { checkCode } from "../domain/codes.ts";
import { findMerchantByEmail, insertMerchant, normalizeEmail, setPasswordHash, signedInMerchant } from "../domain/merchants.ts";
import { onFirstLogin, onRegistered } from "../domain/messages.ts";
import { takeCodeUseSlots } from "../domain/code-throttle.ts";
import { queuedAsCodeCall } from "./code-call.ts";
import { isCommonPassword } from "../domain/common-passwords.ts";
import { deviceCookieName, deviceCookieOptions, deviceOf, newDeviceCookie } from "../domain/device-cookie.ts";
import { loginRefusalMessage, settleSignIn, takeLoginSlots } from "../domain/login-throttle.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../domain/passwords.ts";
import { revokeSession, signInMerchant } from "../domain/sessions.ts";
import { ApiError, fail, messages, type Outcome, ok } from "../domain/outcome.ts";
import { asSignIn } from "../db/prioritised-pglite.ts";
import type { HandlerContext, HandlerTable } from "../http/handler.ts";

/** Sign-in, sign-out, last login and registration. */
export const authHandlers: Pick<HandlerTable, "login" | "logout" | "lastLogin" | "register"> = {
  login: {
    // Its database calls go ahead of other requests' (PGlite): a burst of cheap calls must not slow sign-in down.
    handle: (ctx) => asSignIn(() => signIn(ctx)),
  },

  logout: {
    async handle({ db, session, now }) {
      await revokeSession(db, session.tokenHash, now);
      return ok(null);
    },
  },

  lastLogin: {
    async handle({ db, session }) {
      const merchant = await signedInMerchant(db, session.scope);
      return ok({ userId: merchant.id, lastLoginAt: merchant.previous_login_at?.toISOString() ?? null, lastLoginIp: merchant.previous_login_ip });
    },
  },

  register: {
    handle: queuedAsCodeCall(async ({ db, body, ip, now, services }) => {
      const { limits, secret, kdf } = services;
      const email = normalizeEmail(body.email);
      const limited = await takeCodeUseSlots(db, email, ip, services, now);
      if (limited) return limited;
      if (await findMerchantByEmail(db, email)) return fail(errCodes.emailTaken, messages.emailTaken);
      if (isCommonPassword(body.password)) return fail(errCodes.passwordTooCommon, messages.passwordTooCommon);
      const code = { email, purpose: "register", code: body.code, now, maxAttempts: limits.codeMaxAttempts, secret } as const;
      // The code first: a wrong one costs a row read, never a password hash.
      const checked = await db.transaction().execute((trx) => checkCode(trx, { ...code, consume: false }));
      if (!checked.ok) return checked;
      const passwordHash = await kdf.run("other", () => hashPassword(body.password));
      return db.transaction().execute(async (trx) => {
        const used = await checkCode(trx, { ...code, consume: true });
        if (!used.ok) return used;
        const userId = await insertMerchant(trx, { email, passwordHash, now });
        // Registered meanwhile by a concurrent request: roll back so the code stays unused.
        if (!userId) throw new ApiError(errCodes.emailTaken, messages.emailTaken);
        await onRegistered(trx, userId, now);
        return ok({ userId, email });
      });
    }),
  },
};

/** Login/Login: throttle first, then one password check, then the session and the device cookie. */
async function signIn({ db, body, ip, now, secure, cookie, setCookie, services: { limits, secret, kdf, refusals } }: HandlerContext<"login">): Promise<Outcome<LoginResult>> {
  const email = normalizeEmail(body.email);
  const merchant = await findMerchantByEmail(db, email);
  const deviceId = merchant ? deviceOf(secret, cookie(deviceCookieName), merchant.id) : null;
  const attempt = { email, ip, deviceId };
  const taken = await takeLoginSlots(db, attempt, limits, now, refusals);
  if (!taken.ok) return fail(errCodes.rateLimited, loginRefusalMessage(taken), 429);

  const check = await kdf.run("sign-in", async () =>
    merchant ? verifyPassword(body.password, merchant.password_hash) : { valid: await verifyAgainstDummy(body.password), needsRehash: false },
  );
  if (!merchant || !check.valid) return fail(errCodes.badCredentials, messages.badCredentials);

  // Parameters raised since this hash was made: upgrade it now that the password is at hand (skipped when busy).
  const upgraded = check.needsRehash ? await kdf.run("other", () => hashPassword(body.password)).catch(() => null) : null;
  const accessToken = await db.transaction().execute(async (trx) => {
    await settleSignIn(trx, attempt, limits);
    if (upgraded) await setPasswordHash(trx, merchant.id, upgraded);
    if (merchant.last_login_at === null) await onFirstLogin(trx, merchant.id, now);
    return signInMerchant(trx, merchant.id, ip, now);
  });
  setCookie(deviceCookieName, newDeviceCookie(secret, merchant.id), deviceCookieOptions(secure));
  return ok({ accessToken, userId: merchant.id, email: merchant.email, language: merchant.language, nickName: merchant.nick_name, avatar: merchant.avatar });
}
