import { errCodes } from "../../contracts/schemas/envelope.ts";
import { setLanguage, setNickName, setPasswordHash, signedInMerchant } from "../domain/identity/merchants.ts";
import { sideMenu } from "../../contracts/side-menu.ts";
import { onPasswordChanged } from "../domain/messaging/messages.ts";
import { isCommonPassword } from "../domain/identity/common-passwords.ts";
import { oldPasswordSlots } from "../domain/identity/login-throttle.ts";
import { refundSlots, takeSlots, waitMessage } from "../domain/platform/rate-limit.ts";
import { hashPassword, verifyPassword } from "../domain/identity/passwords.ts";
import { toProfile } from "../domain/identity/profile.ts";
import { revokeMerchantSessions } from "../domain/identity/sessions.ts";
import { fail, messages, ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The signed-in merchant's own data: every query is scoped to the session's merchant. */
export const userHandlers: Pick<HandlerTable, "userInfo" | "menu" | "updatePassword" | "language" | "updateProfile"> = {
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
    async handle({ db, body, session, ip, now, services: { kdf, limits, refusals } }) {
      const merchant = await signedInMerchant(db, session.scope);
      // A stolen session must not become a way to guess the password: the old one counts as a sign-in attempt.
      const slots = oldPasswordSlots(merchant.email, ip, limits);
      const taken = await takeSlots(db, slots, now, refusals);
      if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
      const check = await kdf.run("other", () => verifyPassword(body.oldPassword, merchant.password_hash));
      if (!check.valid) return fail(errCodes.oldPasswordWrong, messages.oldPasswordWrong);
      await refundSlots(db, slots);
      if (isCommonPassword(body.password)) return fail(errCodes.passwordTooCommon, messages.passwordTooCommon);
      const passwordHash = await kdf.run("other", () => hashPassword(body.password));
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, merchant.id, passwordHash);
        await revokeMerchantSessions(trx, merchant.id, now, session.tokenHash);
        await onPasswordChanged(trx, merchant.id, now);
      });
      return ok(null);
    },
  },

  language: {
    async handle({ db, query, session }) {
      await setLanguage(db, session.scope, query.language);
      return ok(null);
    },
  },

  updateProfile: {
    async handle({ db, body, session }) {
      return ok(toProfile(await setNickName(db, session.scope, body.nickName)));
    },
  },
};
