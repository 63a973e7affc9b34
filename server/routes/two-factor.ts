import { deviceCookieName, deviceCookieOptions } from "../domain/identity/device-cookie.ts";
import { completeSecondFactor } from "../domain/identity/second-factor-sign-in.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from "../domain/identity/two-factor-setup.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** Two-factor sign-in: the sign-in's second step, and turning TOTP on and off. */
export const twoFactorHandlers: Pick<
  HandlerTable,
  "secondFactor" | "twoFactorStatus" | "twoFactorSetup" | "twoFactorEnable" | "twoFactorDisable"
> = {
  secondFactor: {
    async handle({ db, body, ip, now, secure, cookie, setCookie, services }) {
      const attempt = { challenge: body.challenge, code: body.code, ip, now, deviceCookie: cookie(deviceCookieName) };
      const { outcome, deviceCookie } = await completeSecondFactor(db, attempt, services);
      if (deviceCookie) setCookie(deviceCookieName, deviceCookie, deviceCookieOptions(secure));
      return outcome;
    },
  },

  twoFactorStatus: {
    handle: async ({ db, session }) => ok(await twoFactorStatus(db, session.scope)),
  },

  twoFactorSetup: {
    handle: ({ db, session, now, services }) =>
      startTwoFactorSetup(db, session.scope, { secret: services.secret, now }),
  },

  twoFactorEnable: {
    handle: ({ db, body, session, ip, now, services }) =>
      enableTwoFactor(db, session.scope, body.code, { ip, now, services }),
  },

  twoFactorDisable: {
    handle: ({ db, body, session, ip, now, services }) =>
      disableTwoFactor(db, session.scope, body.code, { ip, now, services }),
  },
};
