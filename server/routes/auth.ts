import { errCodes } from "../../contracts/schemas/envelope.ts";
import { checkCode } from "../domain/identity/codes.ts";
import { takeCodeUseSlots } from "../domain/identity/code-throttle.ts";
import { isCommonPassword } from "../domain/identity/common-passwords.ts";
import { deviceCookieName, deviceCookieOptions } from "../domain/identity/device-cookie.ts";
import { findMerchantByEmail, insertMerchant, normalizeEmail, signedInMerchant } from "../domain/identity/merchants.ts";
import { onRegistered } from "../domain/messaging/messages.ts";
import { ApiError, fail, messages, ok } from "../domain/platform/outcome.ts";
import { hashPassword } from "../domain/identity/passwords.ts";
import { revokeSession } from "../domain/identity/sessions.ts";
import { signIn } from "../domain/identity/sign-in.ts";
import type { HandlerTable } from "../http/handler.ts";
import { queuedAsCodeCall } from "./code-call.ts";

/** Sign-in, sign-out, last login and registration. */
export const authHandlers: Pick<HandlerTable, "login" | "logout" | "lastLogin" | "register"> = {
  login: {
    async handle({ db, body, ip, now, secure, cookie, setCookie, services }) {
      const attempt = { email: body.email, password: body.password, ip, now, deviceCookie: cookie(deviceCookieName) };
      const { outcome, deviceCookie } = await signIn(db, attempt, services);
      if (deviceCookie) setCookie(deviceCookieName, deviceCookie, deviceCookieOptions(secure));
      return outcome;
    },
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
      return ok({
        userId: merchant.id,
        lastLoginAt: merchant.previous_login_at?.toISOString() ?? null,
        lastLoginIp: merchant.previous_login_ip,
      });
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
      const code = {
        email,
        purpose: "register",
        code: body.code,
        now,
        maxAttempts: limits.codeMaxAttempts,
        secret,
      } as const;
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
