import type { Kysely } from "kysely";
import type { CheckCodeResult } from "../../../contracts/schemas/auth.ts";
import type { AppAction } from "../../../contracts/schemas/apps.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { checkCode } from "../identity/codes.ts";
import { identifyRequester } from "../identity/code-requester.ts";
import { takeCodeUseSlots } from "../identity/code-throttle.ts";
import type { IdentityServices } from "../identity/identity-services.ts";
import { findMerchantByEmail, normalizeEmail } from "../identity/merchants.ts";
import { checkCodeThrottled, hasSecondFactor, twoFactorMessages } from "../identity/second-factor.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { fail, messages, ok, type Outcome } from "../platform/outcome.ts";
import type { Session } from "../identity/sessions.ts";
import { issueProof } from "./proofs.ts";
import { openVerifiedWindow } from "./verified-windows.ts";

/**
 * Register/CheckCaptchaCode needs no session, so the system finds the merchant by the e-mail the code went to; the proof
 * is made for that merchant, and only a session of that merchant can spend it (proofs.ts). Checked in a session (the
 * console's), the session must be that merchant's: the proof is then bound to it, and the check opens its verified
 * window on the application (verified-windows.ts).
 */
const system = systemScope("application-proof");

export interface ApplicationCodeCheck {
  email: string;
  code: string;
  appCode: string;
  action: AppAction;
  /** The authenticator app's code (or a recovery code): required when the merchant has two-factor on. */
  totpCode?: string | undefined;
  /** The session the check came in, or null when it came without one (a script's). */
  session: Session | null;
  ip: string;
  /** The device cookie the request carried (identity/code-requester.ts), if any. */
  deviceCookie?: string | undefined;
  now: Date;
}

/**
 * A code of type `application`: counted and checked like any code, then the application (the e-mail's merchant's own)
 * and, when on, the second factor; only when all hold is the code used up and the proof made, in one transaction.
 */
export async function checkApplicationCode(
  db: Kysely<DB>,
  input: ApplicationCodeCheck,
  services: Pick<IdentityServices, "limits" | "secret" | "refusals">,
): Promise<Outcome<CheckCodeResult>> {
  const { limits, secret } = services;
  const { now } = input;
  const email = normalizeEmail(input.email);
  // The merchant's own console (its session, or its browser's device cookie) is the requester of the codes it asked for.
  const signals = { ...input, signedInMerchantId: input.session?.scope.merchantId ?? null };
  const requester = await identifyRequester(db, email, signals, secret);
  const use = await takeCodeUseSlots(db, { email, purpose: "application", requester }, services, now);
  if (!use.ok) return use.refused;
  const code = {
    email,
    purpose: "application" as const,
    code: input.code,
    now,
    maxAttempts: limits.codeMaxAttempts,
    secret,
    requester: requester.key,
  };
  const checked = await db.transaction().execute((trx) => checkCode(trx, { ...code, consume: false }));
  if (!checked.ok) return checked;
  const merchant = await findMerchantByEmail(db, email);
  if (!merchant) return fail(errCodes.codeExpired, messages.codeExpired);
  // Another merchant's session: that merchant has no such application.
  const { session } = input;
  if (session && session.scope.merchantId !== merchant.id) return fail(errCodes.appNotFound, "No such application");
  const scope = actFor(system, merchant.id);
  const app = await db
    .selectFrom("applications")
    .select("id")
    .where("merchant_id", "=", merchant.id)
    .where("app_code", "=", input.appCode)
    .executeTakeFirst();
  if (!app) return fail(errCodes.appNotFound, "No such application");
  if (await hasSecondFactor(db, scope)) {
    if (!input.totpCode?.trim()) return fail(errCodes.twoFactorRequired, twoFactorMessages.required);
    // The right application code just proved the mailbox: the TOTP goes on the console session's budget, or the
    // mailbox's, never the account's that strangers with the password fill.
    const slots = { email, ip: input.ip, deviceId: null, sessionHash: session?.tokenHash ?? null, mailbox: true };
    const second = await checkCodeThrottled(db, scope, input.totpCode, slots, services, now);
    if (!second.ok) return second;
  }
  return db.transaction().execute(async (trx) => {
    const used = await checkCode(trx, { ...code, consume: true });
    if (!used.ok) return used;
    const sessionHash = session?.tokenHash ?? null;
    const proof = await issueProof(trx, scope, { applicationId: app.id, action: input.action, sessionHash, now });
    if (!sessionHash) return ok({ valid: true, ...proof });
    const verifiedForSeconds = await openVerifiedWindow(trx, scope, { sessionHash, applicationId: app.id, now });
    return ok({ valid: true, ...proof, verifiedForSeconds });
  });
}
