import { errCodes } from "../../contracts/schemas/envelope.ts";
import { checkCode, lastCodeSentAt, newCode, storeCode } from "../domain/identity/codes.ts";
import { findMerchantByEmail, normalizeEmail, setPasswordHash } from "../domain/identity/merchants.ts";
import { codeMail, deliverMail, queueMail } from "../domain/messaging/outbox.ts";
import { onPasswordChanged } from "../domain/messaging/messages.ts";
import { hashPassword } from "../domain/identity/passwords.ts";
import { takeSlots, waitMessage } from "../domain/platform/rate-limit.ts";
import { takeCodeUseSlots } from "../domain/identity/code-throttle.ts";
import { queuedAsCodeCall } from "./code-call.ts";
import { isCommonPassword } from "../domain/identity/common-passwords.ts";
import { clearAccountThrottle } from "../domain/identity/login-throttle.ts";
import { revokeMerchantSessions } from "../domain/identity/sessions.ts";
import { fail, messages, ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** E-mail verification codes: sending, checking, and the password reset they allow. */
export const codeHandlers: Pick<HandlerTable, "sendCode" | "checkCode" | "resetPassword"> = {
  sendCode: {
    handle: queuedAsCodeCall(async ({ db, body, ip, now, services: { limits, mailer, secret, refusals }, log }) => {
      const email = normalizeEmail(body.email);
      const purpose = body.type;
      // Counted before the account checks, so probing which e-mails exist is rate-limited too.
      const ipTaken = await takeSlots(
        db,
        [{ bucket: "code-ip", subject: ip, window: limits.codesPerIp }],
        now,
        refusals,
      );
      if (!ipTaken.ok) return fail(errCodes.rateLimited, waitMessage(ipTaken.waitSeconds), 429);

      const merchant = await findMerchantByEmail(db, email);
      if (purpose === "register" && merchant) return fail(errCodes.emailTaken, messages.emailTaken);
      if (purpose === "reset" && !merchant) return fail(errCodes.accountNotFound, messages.accountNotFound);

      const queued = await db.transaction().execute(async (trx) => {
        const last = await lastCodeSentAt(trx, email, purpose);
        const sinceLast = last ? (now.getTime() - last.getTime()) / 1000 : Number.POSITIVE_INFINITY;
        if (sinceLast < limits.resendAfterSeconds) {
          const seconds = Math.max(1, Math.ceil(limits.resendAfterSeconds - sinceLast));
          return fail(errCodes.codeTooSoon, `Please wait ${seconds} seconds before requesting a new code`);
        }
        return ok(null);
      });
      if (!queued.ok) return queued;
      const emailTaken = await takeSlots(
        db,
        [{ bucket: "code-email", subject: email, window: limits.codesPerEmail }],
        now,
        refusals,
      );
      if (!emailTaken.ok) return fail(errCodes.rateLimited, waitMessage(emailTaken.waitSeconds), 429);

      const code = newCode();
      const mail = codeMail(email, purpose, code, limits.codeTtlSeconds);
      const outboxId = await db.transaction().execute(async (trx) => {
        await storeCode(trx, { email, purpose, code, now, ttlSeconds: limits.codeTtlSeconds, secret });
        return queueMail(
          trx,
          mail,
          { value: code, expiresAt: new Date(now.getTime() + limits.codeTtlSeconds * 1000) },
          now,
        );
      });
      await deliverMail(db, mailer, outboxId, mail, log);
      return ok({ resendAfterSeconds: limits.resendAfterSeconds, expiresInSeconds: limits.codeTtlSeconds });
    }),
  },

  checkCode: {
    handle: queuedAsCodeCall(async ({ db, body, ip, now, services }) => {
      const { limits, secret } = services;
      const email = normalizeEmail(body.email);
      const limited = await takeCodeUseSlots(db, email, ip, services, now);
      if (limited) return limited;
      const checked = await db.transaction().execute((trx) =>
        checkCode(trx, {
          email,
          purpose: body.type,
          code: body.code,
          now,
          maxAttempts: limits.codeMaxAttempts,
          secret,
          consume: false,
        }),
      );
      return checked.ok ? ok({ valid: true }) : checked;
    }),
  },

  resetPassword: {
    handle: queuedAsCodeCall(async ({ db, body, ip, now, services }) => {
      const { limits, secret, kdf } = services;
      const email = normalizeEmail(body.email);
      const limited = await takeCodeUseSlots(db, email, ip, services, now);
      if (limited) return limited;
      const merchant = await findMerchantByEmail(db, email);
      if (!merchant) return fail(errCodes.accountNotFound, messages.accountNotFound);
      if (isCommonPassword(body.password)) return fail(errCodes.passwordTooCommon, messages.passwordTooCommon);
      const code = {
        email,
        purpose: "reset",
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
        await setPasswordHash(trx, merchant.id, passwordHash);
        await revokeMerchantSessions(trx, merchant.id, now);
        await onPasswordChanged(trx, merchant.id, now);
        // Whoever can read the mailbox is the owner: strangers' failed sign-ins no longer hold the account back.
        await clearAccountThrottle(trx, email);
        return ok(null);
      });
    }),
  },
};
