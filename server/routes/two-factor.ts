import { deviceCookieName, deviceCookieWrites } from "../domain/identity/device-cookie.ts";
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
    async handle({ db, body, ip, userAgent, now, secure, cookie, setCookie, services }) {
      const deviceCookie = cookie(deviceCookieName);
      const attempt = { challenge: body.challenge, code: body.code, ip, userAgent, now, deviceCookie };
      const answer = await completeSecondFactor(db, attempt, services);
      for (const write of answer.deviceCookie ? deviceCookieWrites(answer.deviceCookie, secure) : [])
        setCookie(write.name, write.value, write.options);
      return answer.outcome;
    },
  },

  twoFactorStatus: {
    handle: async ({ db, session }) => ok(await twoFactorStatus(db, session.scope)),
  },

  twoFactorSetup: {
    handle: ({ db, body, session, ip, userAgent, now, services }) =>
      startTwoFactorSetup(db, session.scope, body.password, {
        ip,
        userAgent,
        now,
        services,
        sessionHash: session.tokenHash,
      }),
  },

  // The session's own budget for codes (login-throttle.ts): strangers' wrong codes elsewhere never refuse it.
  twoFactorEnable: {
    handle: ({ db, body, session, ip, userAgent, now, services }) =>
      enableTwoFactor(db, session.scope, body.code, { ip, userAgent, now, services, sessionHash: session.tokenHash }),
  },

  twoFactorDisable: {
    handle: ({ db, body, session, ip, userAgent, now, services }) =>
      disableTwoFactor(db, session.scope, body.code, { ip, userAgent, now, services, sessionHash: session.tokenHash }),
  },
};
