import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { CodeTooSoonDetail, SendCodeResult } from "../../../contracts/schemas/auth.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import type { Mailer } from "../messaging/mailer.ts";
import { codeMail, deliverMail, queueMail } from "../messaging/mail-outbox.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import { prunedRows } from "../platform/pruned-rows.ts";
import { type Slot, takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { IdentityServices } from "./identity-services.ts";
import { identifyRequester, isSignedInAs, type RequestSignals } from "./code-requester.ts";
import { takeCodeUseSlots } from "./code-throttle.ts";
import type { CodePurpose } from "../../../contracts/schemas/fields.ts";
import { checkCode, lastCodeSentAt, newCode, storeCode } from "./codes.ts";
import { googleLinkExpiredMessage, isLiveLinkTicketOf } from "./google-link.ts";
import { findMerchantByEmail, normalizeEmail } from "./merchants.ts";

export interface CodeRequest extends RequestSignals {
  email: string;
  purpose: CodePurpose;
  now: Date;
  /** With `link`: the Google link step's ticket, which must be live and this e-mail's. */
  linkTicket?: string;
}

/**
 * Purposes only a signed-in console uses: mailed to the e-mail's own session alone, so strangers cannot ask them.
 * `link` is asked before any session, so it is bound instead to a live Google link ticket of the e-mail's account.
 */
const sessionPurposes: ReadonlySet<CodePurpose> = new Set(["application", "change-password", "withdrawal"]);

const waitPhrase = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`);

/**
 * User/SentVerificationCode: a new code for the e-mail, mailed, unless the purpose is a signed-in one and the request
 * is not the e-mail's own session (2012, before any bucket), its requester (code-requester.ts) asked too often or too
 * soon, the e-mail has had its hour's share of codes of that purpose asked for from addresses, or the account's
 * existence does not fit the purpose. An address is counted first, whatever the e-mail (so probing which e-mails exist is
 * rate-limited too); the account's own session or device cookie is counted on its own budget only, so no stranger can
 * keep the owner's known browser from getting a code. The new code voids only its requester's older one (codes.ts).
 */
export async function sendVerificationCode(
  db: Kysely<DB>,
  { purpose, now, ...input }: CodeRequest,
  {
    limits,
    secret,
    refusals,
    mailer,
    devOutbox,
    log,
  }: Pick<IdentityServices, "limits" | "secret" | "refusals"> & {
    mailer: Mailer;
    devOutbox: boolean;
    log: FastifyBaseLogger;
  },
): Promise<Outcome<SendCodeResult>> {
  const email = normalizeEmail(input.email);
  const requester = await identifyRequester(db, email, input, secret);
  // Before any bucket: a refused ask takes no slot, so strangers' asks cannot spend anyone's budget.
  if (sessionPurposes.has(purpose) && !isSignedInAs(requester, input.signedInMerchantId))
    return fail(errCodes.codeNeedsSession, "Sign in to the console to have this code sent to your e-mail", 401);
  if (purpose === "link" && !(await isLiveLinkTicketOf(db, email, input.linkTicket, now)))
    return fail(errCodes.googleLinkExpired, googleLinkExpiredMessage, 401);
  if (!requester.known) {
    const ipTaken = await takeSlots(
      db,
      [{ bucket: "code-ip", subject: requester.address, window: limits.codesPerIp }],
      now,
      refusals,
    );
    if (!ipTaken.ok) return fail(errCodes.rateLimited, waitMessage(ipTaken.waitSeconds), 429);
  }

  const merchant = await findMerchantByEmail(db, email);
  if (purpose === "register" && merchant) return fail(errCodes.emailTaken, messages.emailTaken);
  if (purpose !== "register" && !merchant) return fail(errCodes.accountNotFound, messages.accountNotFound);

  const last = await lastCodeSentAt(db, { email, purpose, requester: requester.key });
  const sinceLast = last ? (now.getTime() - last.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (sinceLast < limits.resendAfterSeconds) {
    const seconds = Math.max(1, Math.ceil(limits.resendAfterSeconds - sinceLast));
    return fail(errCodes.codeTooSoon, `Please wait ${seconds} seconds before requesting a new code`, 200, {
      resendAfterSeconds: seconds,
    } satisfies CodeTooSoonDetail);
  }
  const slots: Slot[] = [
    { bucket: "code-requester", subject: `${email} ${requester.key}`, window: limits.codesPerRequester },
    // Per purpose: asks for one purpose never use up another's, the recovery ones (sign-in, reset) above all.
    ...(requester.known
      ? []
      : [{ bucket: "code-email" as const, subject: `${email} ${purpose}`, window: limits.codesPerEmail }]),
  ];
  const taken = await takeSlots(db, slots, now, refusals);
  if (!taken.ok && taken.slot.bucket === "code-email")
    return fail(
      errCodes.codesPerEmailReached,
      `This e-mail has been sent many codes lately: use the newest code in its inbox, or try again in ${waitPhrase(taken.waitSeconds)}`,
      429,
    );
  if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);

  const code = newCode();
  const mail = codeMail(email, purpose, code, limits.codeTtlSeconds);
  const expiresAt = new Date(now.getTime() + limits.codeTtlSeconds * 1000);
  const outboxId = await db.transaction().execute(async (trx) => {
    const ttlSeconds = limits.codeTtlSeconds;
    await storeCode(trx, { email, purpose, code, now, ttlSeconds, secret, requester: requester.key });
    return queueMail(trx, mail, { value: code, expiresAt }, now, { secret, devOutbox });
  });
  // Not a silent success: the merchant hears that the mail is late; the outbox keeps trying while the code lives.
  if (!(await deliverMail(db, mailer, outboxId, mail, log, now)))
    return fail(
      errCodes.mailNotSent,
      "The e-mail could not be sent yet. We keep trying for a few minutes; if no code arrives, ask for a new one.",
      502,
    );
  return ok({ resendAfterSeconds: limits.resendAfterSeconds, expiresInSeconds: limits.codeTtlSeconds });
}

export interface CodeCheck extends RequestSignals {
  email: string;
  purpose: CodePurpose;
  code: string;
  now: Date;
}

/** Register/CheckCaptchaCode: whether the code is right, counted as a try, and left unused for the call it allows. */
export async function checkVerificationCode(
  db: Kysely<DB>,
  input: CodeCheck,
  services: IdentityServices,
): Promise<Outcome<{ valid: true }>> {
  const { limits, secret } = services;
  const email = normalizeEmail(input.email);
  const requester = await identifyRequester(db, email, input, secret);
  const use = await takeCodeUseSlots(db, { email, purpose: input.purpose, requester }, services, input.now);
  if (!use.ok) return use.refused;
  const code = {
    email,
    purpose: input.purpose,
    code: input.code,
    now: input.now,
    maxAttempts: limits.codeMaxAttempts,
    secret,
    requester: requester.key,
  };
  const checked = await db.transaction().execute((trx) => checkCode(trx, { ...code, consume: false }));
  return checked.ok ? ok({ valid: true }) : checked;
}

/** Codes that expired a day ago (`dayAgo`): kept that long for an incident. */
export async function pruneCodes(db: Kysely<DB>, dayAgo: Date): Promise<number> {
  return prunedRows(await db.deleteFrom("verification_codes").where("expires_at", "<", dayAgo).executeTakeFirst());
}
