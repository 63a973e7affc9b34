import { checkApplicationCode } from "../domain/applications/application-code-check.ts";
import { resetPassword } from "../domain/identity/reset-password.ts";
import { checkVerificationCode, sendVerificationCode } from "../domain/identity/verification-codes.ts";
import type { HandlerTable } from "../http/handler.ts";
import { queuedAsCodeCall } from "./code-call.ts";

/** E-mail verification codes: sending, checking, and the password reset they allow. */
export const codeHandlers: Pick<HandlerTable, "sendCode" | "checkCode" | "resetPassword"> = {
  sendCode: {
    handle: queuedAsCodeCall(({ db, body, ip, now, services, log }) =>
      sendVerificationCode(db, { email: body.email, purpose: body.type, ip, now }, { ...services, log }),
    ),
  },

  checkCode: {
    // An application code checked in a session (the console's Bearer token) is bound to it: application-code-check.ts.
    handle: queuedAsCodeCall(
      async ({ db, body: { appCode, action, ...body }, ip, now, services, sessionIfSignedIn }) =>
        body.type === "application" && appCode && action
          ? checkApplicationCode(
              db,
              { ...body, appCode, action, session: await sessionIfSignedIn(), ip, now },
              services,
            )
          : checkVerificationCode(db, { email: body.email, purpose: body.type, code: body.code, ip, now }, services),
    ),
  },

  resetPassword: {
    handle: queuedAsCodeCall(({ db, body, ip, userAgent, now, services }) =>
      resetPassword(db, { email: body.email, code: body.code, password: body.password, ip, now, userAgent }, services),
    ),
  },
};
