import { type Kysely, sql } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { seal, unseal } from "../platform/secret-box.ts";
import { fail, type Outcome, ok } from "../platform/outcome.ts";
import type { IdentityServices } from "./identity-services.ts";
import {
  type LoginAttempt,
  loginRefusal,
  loginRefusalMessage,
  settleSignIn,
  takeLoginSlots,
} from "./login-throttle.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import { signedInMerchant } from "./merchants.ts";
import { acceptedStep, hashRecoveryCode, isTotpCode } from "./totp.ts";

/** The sealing purpose of TOTP secrets (platform/secret-box.ts); the merchant id binds each to its row. */
const sealPurpose = "totp-secret";
export const sealTotpSecret = (secret: Buffer, merchantId: string, base32: string) =>
  seal(secret, sealPurpose, merchantId, base32);
export const unsealTotpSecret = (secret: Buffer, merchantId: string, sealed: string) =>
  unseal(secret, sealPurpose, merchantId, sealed);

export const twoFactorMessages = {
  codeWrong: "The two-factor code is wrong",
  required: "Enter the code of your authenticator app",
} as const;

/** Whether the merchant has TOTP on (a confirmed secret). */
export async function hasSecondFactor(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<boolean> {
  const row = await db
    .selectFrom("totp_factors")
    .select("merchant_id")
    .where("merchant_id", "=", merchantId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether `code` is a current TOTP code (±1 step, later than the last one accepted) or an unused recovery code of
 * the merchant; accepting it uses it up, in one conditional update, so two requests with one code cannot both pass.
 */
export async function spendSecondFactorCode(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  code: string,
  secret: Buffer,
  now: Date,
): Promise<boolean> {
  if (!isTotpCode(code)) {
    const used = await db
      .updateTable("totp_recovery_codes")
      .set({ used_at: now })
      .where("merchant_id", "=", merchantId)
      .where("code_hash", "=", hashRecoveryCode(secret, merchantId, code))
      .where("used_at", "is", null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("totp_factors")
            .select("merchant_id")
            .where("merchant_id", "=", merchantId)
            .where("enabled_at", "is not", null),
        ),
      )
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  }
  const factor = await db
    .selectFrom("totp_factors")
    .select(["secret_sealed", "last_used_step"])
    .where("merchant_id", "=", merchantId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  if (!factor) return false;
  const lastUsed = factor.last_used_step === null ? null : Number(factor.last_used_step);
  const step = acceptedStep(unsealTotpSecret(secret, merchantId, factor.secret_sealed), code.trim(), now, lastUsed);
  if (step === null) return false;
  const taken = await db
    .updateTable("totp_factors")
    .set({ last_used_step: String(step) })
    .where("merchant_id", "=", merchantId)
    .where((eb) =>
      eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", sql<string>`${String(step)}::bigint`)]),
    )
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

/**
 * A code checked like a password: a TOTP code first takes a slot in the sign-in buckets of the account
 * (login-throttle.ts; `slots` says whose budget: the account's, a device's, the mailbox's or a session's), a right one
 * gives it back. A recovery code is checked before any slot: each has 50 bits, so no throttle is needed to
 * keep them from being guessed, and a right one always works, however full strangers made the account's bucket; a wrong
 * one then takes its slot like a wrong TOTP code. Refused: 429 (2011 with `offerMailCode`, the sign-in's second step,
 * when it is the account's bucket); wrong: 2301.
 */
export async function checkCodeThrottled(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  code: string,
  slots: LoginAttempt,
  { limits, refusals, secret }: Pick<IdentityServices, "limits" | "refusals" | "secret">,
  now: Date,
  { offerMailCode = false }: { offerMailCode?: boolean } = {},
): Promise<Outcome<null>> {
  const recovery = !isTotpCode(code);
  if (recovery && (await spendSecondFactorCode(db, scope, code, secret, now))) return ok(null);
  const taken = await takeLoginSlots(db, slots, limits, now, refusals);
  if (!taken.ok)
    return offerMailCode ? loginRefusal(taken) : fail(errCodes.rateLimited, loginRefusalMessage(taken), 429);
  if (recovery || !(await spendSecondFactorCode(db, scope, code, secret, now)))
    return fail(errCodes.twoFactorCodeWrong, twoFactorMessages.codeWrong);
  await settleSignIn(db, slots, limits);
  return ok(null);
}

export interface SecondFactorContext {
  ip: string;
  /** For the security event log (security-events.ts). */
  userAgent?: string;
  now: Date;
  services: Pick<IdentityServices, "limits" | "refusals" | "secret">;
  /**
   * The signed-in session that asks (sha-256 of its token, `Session.tokenHash`): its codes are tried on that session's
   * own budget, so strangers' wrong codes elsewhere never refuse the owner's session. Without it, the
   * account's buckets.
   */
  sessionHash?: string | null;
}

/**
 * The one gate for actions that reveal a secret or move money (credentials, secret rotation, withdrawals): when the
 * signed-in merchant has TOTP on, `code` must be a current code or an unused recovery code (rate-limited like a
 * password, each accepted once); without TOTP it passes. Call it before the action's own work; a refusal is an
 * Outcome to answer as is.
 */
export async function requireSecondFactor(
  db: Kysely<DB>,
  scope: MerchantScope,
  code: string | undefined,
  { ip, now, services, sessionHash }: SecondFactorContext,
): Promise<Outcome<null>> {
  if (!(await hasSecondFactor(db, scope))) return ok(null);
  if (!code?.trim()) return fail(errCodes.twoFactorRequired, twoFactorMessages.required);
  const { email } = await signedInMerchant(db, scope);
  return checkCodeThrottled(db, scope, code, { email, ip, deviceId: null, sessionHash }, services, now);
}
