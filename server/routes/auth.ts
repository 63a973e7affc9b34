import { errCodes } from "../../contracts/schemas/envelope.ts";
import { checkCode } from "../domain/codes.ts";
import { defaultNickName, findMerchantByEmail, normalizeEmail, signedInMerchant } from "../domain/merchants.ts";
import { onFirstLogin, onRegistered } from "../domain/messages.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../domain/passwords.ts";
import { clearRateEvents, recordRateEvent, secondsUntilAllowed, waitMessage } from "../domain/rate-limit.ts";
import { revokeSession, signInMerchant } from "../domain/sessions.ts";
import { ApiError, fail, messages, ok } from "../http/envelope.ts";
import type { HandlerTable } from "../http/handler.ts";

/** Sign-in, sign-out, last login and registration. */
export const authHandlers: Pick<HandlerTable, "login" | "logout" | "lastLogin" | "register"> = {
  login: {
    async handle({ db, body, ip, now, services: { limits } }) {
      const email = normalizeEmail(body.email);
      const wait = Math.max(
        await secondsUntilAllowed(db, "login-email", email, limits.loginFailuresPerEmail, now),
        await secondsUntilAllowed(db, "login-ip", ip, limits.loginFailuresPerIp, now),
      );
      if (wait > 0) return fail(errCodes.rateLimited, waitMessage(wait), 429);

      const merchant = await findMerchantByEmail(db, email);
      const valid = merchant ? await verifyPassword(body.password, merchant.password_hash) : await verifyAgainstDummy(body.password);
      if (!merchant || !valid) {
        await db.transaction().execute(async (trx) => {
          await recordRateEvent(trx, "login-email", email, limits.loginFailuresPerEmail, now);
          await recordRateEvent(trx, "login-ip", ip, limits.loginFailuresPerIp, now);
        });
        return fail(errCodes.badCredentials, messages.badCredentials);
      }

      const accessToken = await db.transaction().execute(async (trx) => {
        if (merchant.last_login_at === null) await onFirstLogin(trx, merchant.id, now);
        await clearRateEvents(trx, "login-email", email);
        return signInMerchant(trx, merchant.id, ip, now);
      });
      return ok({ accessToken, userId: merchant.id, email: merchant.email, language: merchant.language, nickName: merchant.nick_name, avatar: merchant.avatar });
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
      const merchant = await signedInMerchant(db, session.merchantId);
      return ok({ userId: merchant.id, lastLoginAt: merchant.previous_login_at?.toISOString() ?? null, lastLoginIp: merchant.previous_login_ip });
    },
  },

  register: {
    async handle({ db, body, now, services: { limits } }) {
      const email = normalizeEmail(body.email);
      if (await findMerchantByEmail(db, email)) return fail(errCodes.emailTaken, messages.emailTaken);
      const passwordHash = await hashPassword(body.password);
      return db.transaction().execute(async (trx) => {
        const code = await checkCode(trx, { email, purpose: "register", code: body.code, now, maxAttempts: limits.codeMaxAttempts, consume: true });
        if (!code.ok) return code;
        const row = await trx
          .insertInto("merchants")
          .values({ email, password_hash: passwordHash, nick_name: defaultNickName(email), created_at: now })
          .onConflict((oc) => oc.column("email").doNothing())
          .returning("id")
          .executeTakeFirst();
        // Registered meanwhile by a concurrent request: roll back so the code stays unused.
        if (!row) throw new ApiError(errCodes.emailTaken, messages.emailTaken);
        await onRegistered(trx, row.id, now);
        return ok({ userId: row.id, email });
      });
    },
  },
};
