import { deviceCookieName, deviceCookieWrites } from "../domain/identity/device-cookie.ts";
import { signedInMerchant } from "../domain/identity/merchants.ts";
import { registerMerchant } from "../domain/identity/register.ts";
import { recordSecurityEvent } from "../domain/identity/security-events.ts";
import { revokeSession } from "../domain/identity/sessions.ts";
import { signIn } from "../domain/identity/sign-in.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";
import { codeCaller, queuedAsCodeCall } from "./code-call.ts";

/** Sign-in, sign-out, last login and registration. */
export const authHandlers: Pick<HandlerTable, "login" | "logout" | "lastLogin" | "register"> = {
  login: {
    async handle({ db, body, ip, userAgent, now, secure, cookie, setCookie, services }) {
      const { email, password, emailCode } = body;
      const attempt = { email, password, emailCode, ip, now, deviceCookie: cookie(deviceCookieName) };
      const { outcome, deviceCookie } = await signIn(db, { ...attempt, userAgent }, services);
      for (const write of deviceCookie ? deviceCookieWrites(deviceCookie, secure) : [])
        setCookie(write.name, write.value, write.options);
      return outcome;
    },
  },

  logout: {
    async handle({ db, session, ip, userAgent, now }) {
      await revokeSession(db, session.tokenHash, now);
      await recordSecurityEvent(db, { ip, userAgent, now }, "signOut", "success", session.scope.merchantId);
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
    handle: queuedAsCodeCall(async (ctx) =>
      registerMerchant(
        ctx.db,
        { email: ctx.body.email, code: ctx.body.code, password: ctx.body.password, now: ctx.now, ...codeCaller(ctx) },
        ctx.services,
      ),
    ),
  },
};
