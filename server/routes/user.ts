import { sideMenu } from "../../contracts/console-routes.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { changePassword } from "../domain/identity/change-password.ts";
import { setLanguage, setNickName, signedInMerchant } from "../domain/identity/merchants.ts";
import { toProfile } from "../domain/identity/profile.ts";
import { recentSecurityEvents } from "../domain/identity/security-events.ts";
import { securityActivityLength } from "../../contracts/schemas/security-events.ts";
import { fail, messages, ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The signed-in merchant's own data: every query is scoped to the session's merchant. */
export const userHandlers: Pick<
  HandlerTable,
  "userInfo" | "menu" | "updatePassword" | "language" | "updateProfile" | "securityActivity"
> = {
  userInfo: {
    async handle({ db, query, session }) {
      if (query.id !== session.scope.merchantId) return fail(errCodes.forbidden, messages.forbidden, 403);
      return ok(toProfile(await signedInMerchant(db, session.scope)));
    },
  },

  menu: {
    async handle() {
      return ok(sideMenu.map((item) => ({ ...item })));
    },
  },

  updatePassword: {
    handle: ({ db, body, session, ip, userAgent, now, services }) =>
      changePassword(db, session.scope, { ...body, ip, userAgent, now, tokenHash: session.tokenHash }, services),
  },

  language: {
    async handle({ db, query, session }) {
      await setLanguage(db, session.scope, query.language);
      return ok(null);
    },
  },

  securityActivity: {
    async handle({ db, session }) {
      return ok({ items: await recentSecurityEvents(db, session.scope, securityActivityLength) });
    },
  },

  updateProfile: {
    async handle({ db, body, session }) {
      return ok(toProfile(await setNickName(db, session.scope, body.nickName)));
    },
  },
};
