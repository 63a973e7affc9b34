import { errCodes } from "../../contracts/schemas/envelope.ts";
import { checkCode, lastCodeSentAt, newCode, storeCode } from "../domain/codes.ts";
import { findMerchantByEmail, normalizeEmail } from "../domain/merchants.ts";
import { codeMail, deliverMail, queueMail } from "../domain/outbox.ts";
import { onPasswordChanged } from "../domain/messages.ts";
import { hashPassword } from "../domain/passwords.ts";
import { recordRateEvent, secondsUntilAllowed, waitMessage } from "../domain/rate-limit.ts";
import { revokeMerchantSessions } from "../domain/sessions.ts";
import { fail, messages, ok } from "../http/envelope.ts";
import type { HandlerTable } from "../http/handler.ts";

/** E-mail verification codes: sending, checking, and the password reset they allow. */
export const codeHandlers: Pick<HandlerTable, "sendCode" | "checkCode" | "resetPassword"> = {
  sendCode: {
    async handle({ db, body, ip, now, services: { limits, mailer }, log }) {
      const email = normalizeEmail(body.email);
      const purpose = body.type;
      const queued = await db.transaction().execute(async (trx) => {
        // Counted before the account checks, so probing which e-mails exist is rate-limited too.
        const ipWait = await secondsUntilAllowed(trx, "code-ip", ip, limits.codesPerIp, now);
        if (ipWait > 0) return fail(errCodes.rateLimited, waitMessage(ipWait), 429);
        await recordRateEvent(trx, "code-ip", ip, limits.codesPerIp, now);

        const merchant = await findMerchantByEmail(trx, email);
        if (purpose === "register" && merchant) return fail(errCodes.emailTaken, messages.emailTaken);
        if (purpose === "reset" && !merchant) return fail(errCodes.accountNotFound, messages.accountNotFound);

        const last = await lastCodeSentAt(trx, email, purpose);
        const sinceLast = last ? (now.getTime() - last.getTime()) / 1000 : Number.POSITIVE_INFINITY;
        if (sinceLast < limits.resendAfterSeconds) {
          const seconds = Math.max(1, Math.ceil(limits.resendAfterSeconds - sinceLast));
          return fail(errCodes.codeTooSoon, `Please wait ${seconds} seconds before requesting a new code`);
        }
        const emailWait = await secondsUntilAllowed(trx, "code-email", email, limits.codesPerEmail, now);
        if (emailWait > 0) return fail(errCodes.rateLimited, waitMessage(emailWait), 429);

        const code = newCode();
        await storeCode(trx, { email, purpose, code, now, ttlSeconds: limits.codeTtlSeconds });
        await recordRateEvent(trx, "code-email", email, limits.codesPerEmail, now);
        const mail = codeMail(email, purpose, code, limits.codeTtlSeconds);
        return ok({ id: await queueMail(trx, mail, code, now), mail });
      });
      if (!queued.ok) return queued;
      await deliverMail(db, mailer, queued.data.id, queued.data.mail, log);
      return ok({ resendAfterSeconds: limits.resendAfterSeconds, expiresInSeconds: limits.codeTtlSeconds });
    },
  },

  checkCode: {
    async handle({ db, body, now, services: { limits } }) {
      const email = normalizeEmail(body.email);
      const checked = await db
        .transaction()
        .execute((trx) => checkCode(trx, { email, purpose: body.type, code: body.code, now, maxAttempts: limits.codeMaxAttempts, consume: false }));
      return checked.ok ? ok({ valid: true }) : checked;
    },
  },

  resetPassword: {
    async handle({ db, body, now, services: { limits } }) {
      const email = normalizeEmail(body.email);
      const merchant = await findMerchantByEmail(db, email);
      if (!merchant) return fail(errCodes.accountNotFound, messages.accountNotFound);
      const passwordHash = await hashPassword(body.password);
      return db.transaction().execute(async (trx) => {
        const code = await checkCode(trx, { email, purpose: "reset", code: body.code, now, maxAttempts: limits.codeMaxAttempts, consume: true });
        if (!code.ok) return code;
        await trx.updateTable("merchants").set({ password_hash: passwordHash }).where("id", "=", merchant.id).execute();
        await revokeMerchantSessions(trx, merchant.id, now);
        await onPasswordChanged(trx, merchant.id, now);
        return ok(null);
      });
    },
  },
};
