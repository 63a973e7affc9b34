import { checkApplicationCode } from "../domain/applications/application-code-check.ts";
import { resetPassword } from "../domain/identity/reset-password.ts";
import { checkVerificationCode, sendVerificationCode } from "../domain/identity/verification-codes.ts";
import type { HandlerTable } from "../http/handler.ts";
import { codeCaller, queuedAsCodeCall, signedInCodeCaller } from "./code-call.ts";

/**
 * E-mail verification codes: sending, checking, and the password reset they allow. Each call passes who makes it (its
 * address, device cookie and, for sending, its session): codes and their budgets are the requester's (code-requester.ts).
 */
export const codeHandlers: Pick<HandlerTable, "sendCode" | "checkCode" | "resetPassword"> = {
  sendCode: {
    handle: queuedAsCodeCall(async (ctx) =>
      sendVerificationCode(
        ctx.db,
        {
          email: ctx.body.email,
          purpose: ctx.body.type,
          linkTicket: ctx.body.linkTicket,
          now: ctx.now,
          ...(await signedInCodeCaller(ctx)),
        },
        { ...ctx.services, log: ctx.log },
      ),
    ),
  },

  checkCode: {
    // An application code checked in a session (the console's Bearer token) is bound to it: application-code-check.ts.
    handle: queuedAsCodeCall(async (ctx) => {
      const { appCode, action, ...body } = ctx.body;
      const { db, now, services } = ctx;
      if (body.type === "application" && appCode && action) {
        const session = await ctx.sessionIfSignedIn();
        return checkApplicationCode(db, { ...body, appCode, action, session, now, ...codeCaller(ctx) }, services);
      }
      const check = { email: body.email, purpose: body.type, code: body.code, now, ...codeCaller(ctx) };
      return checkVerificationCode(db, check, services);
    }),
  },

  resetPassword: {
    handle: queuedAsCodeCall(({ db, body, userAgent, now, services, ...ctx }) =>
      resetPassword(
        db,
        { email: body.email, code: body.code, password: body.password, now, userAgent, ...codeCaller(ctx) },
        services,
      ),
    ),
  },
};
