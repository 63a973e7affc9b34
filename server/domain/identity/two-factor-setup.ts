import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from "../../../contracts/schemas/two-factor.ts";
import type { DB } from "../../db/schema.ts";
import { fail, type Outcome, ok } from "../platform/outcome.ts";
import { givingSlotsBackIfBusy, refundSlots, takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { IdentityServices } from "./identity-services.ts";
import { verifyPassword } from "./passwords.ts";
import { loginRefusalMessage, loginSlots, settleSignIn, takeLoginSlots } from "./login-throttle.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { signedInMerchant } from "./merchants.ts";
import {
  hasSecondFactor,
  requireSecondFactor,
  type SecondFactorContext,
  sealTotpSecret,
  twoFactorMessages,
  unsealTotpSecret,
} from "./second-factor.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { acceptedStep, hashRecoveryCode, newRecoveryCode, newTotpSecret, recoveryCodeCount, totpUri } from "./totp.ts";

/** Turning TOTP on and off in the user centre. */

export async function twoFactorStatus(db: Kysely<DB>, scope: MerchantScope): Promise<TwoFactorStatus> {
  const enabled = await hasSecondFactor(db, scope);
  const left = await db
    .selectFrom("totp_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("merchant_id", "=", scope.merchantId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { enabled, recoveryCodesLeft: enabled ? Number(left.n) : 0 };
}

/**
 * A new secret, pending until a code confirms it; a set-up started before is replaced. Refused while TOTP is on. The
 * account's password comes first, counted like the change of password's old one (the session's own bucket), so a
 * stolen session can neither read a secret nor guess the password here. A Google-only account has no usable password:
 * it sets one by the mailed reset first (the mailbox proves the owner), as for a change of password.
 */
export async function startTwoFactorSetup(
  db: Kysely<DB>,
  scope: MerchantScope,
  password: string,
  context: SecondFactorContext & { services: Pick<IdentityServices, "kdf"> },
): Promise<Outcome<TwoFactorSetup>> {
  const { now, services } = context;
  if (await hasSecondFactor(db, scope)) return fail(errCodes.twoFactorAlreadyOn, "Two-factor sign-in is already on");
  const merchant = await signedInMerchant(db, scope);
  const slots = loginSlots(
    { email: merchant.email, ip: context.ip, deviceId: null, sessionHash: context.sessionHash },
    services.limits,
  );
  const taken = await takeSlots(db, slots, now, services.refusals);
  if (!taken.ok) await recordSecurityEvent(db, context, "twoFactorOn", "refused", scope.merchantId);
  if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
  const check = await givingSlotsBackIfBusy(db, slots, services.refusals, () =>
    services.kdf.run("other", () => verifyPassword(password, merchant.password_hash)),
  );
  if (!check.valid) await recordSecurityEvent(db, context, "twoFactorOn", "failure", scope.merchantId);
  if (!check.valid) return fail(errCodes.oldPasswordWrong, "Password is wrong");
  await refundSlots(db, slots);
  const { email } = merchant;
  const secret = services.secret;
  const base32 = newTotpSecret();
  const sealed = sealTotpSecret(secret, scope.merchantId, base32);
  await db
    .insertInto("totp_factors")
    .values({ merchant_id: scope.merchantId, secret_sealed: sealed, created_at: now })
    .onConflict((oc) =>
      oc
        .column("merchant_id")
        .doUpdateSet({ secret_sealed: sealed, created_at: now, last_used_step: null })
        .where("totp_factors.enabled_at", "is", null),
    )
    .execute();
  return ok({ secret: base32, uri: totpUri(base32, email) });
}

/**
 * The confirming code turns the pending secret on (rate-limited like a password) and answers ten recovery codes,
 * shown once; only their HMACs are kept.
 */
export async function enableTwoFactor(
  db: Kysely<DB>,
  scope: MerchantScope,
  code: string,
  context: SecondFactorContext,
): Promise<Outcome<TwoFactorEnabled>> {
  const { ip, now, services } = context;
  const pending = await db
    .selectFrom("totp_factors")
    .select(["secret_sealed", "enabled_at"])
    .where("merchant_id", "=", scope.merchantId)
    .executeTakeFirst();
  if (pending?.enabled_at) return fail(errCodes.twoFactorAlreadyOn, "Two-factor sign-in is already on");
  if (!pending) return fail(errCodes.twoFactorNoSetup, "Start the two-factor set-up first");
  const { email } = await signedInMerchant(db, scope);
  // The session's own budget (login-throttle.ts): strangers' failures on the account never refuse its owner here.
  const slots = { email, ip, deviceId: null, sessionHash: context.sessionHash };
  const taken = await takeLoginSlots(db, slots, services.limits, now, services.refusals);
  if (!taken.ok) return fail(errCodes.rateLimited, loginRefusalMessage(taken), 429);
  const base32 = unsealTotpSecret(services.secret, scope.merchantId, pending.secret_sealed);
  const step = acceptedStep(base32, code.trim(), now, null);
  if (step === null) await recordSecurityEvent(db, context, "twoFactorOn", "failure", scope.merchantId);
  if (step === null) return fail(errCodes.twoFactorCodeWrong, twoFactorMessages.codeWrong);
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  const turnedOn = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("totp_factors")
      .set({ enabled_at: now, last_used_step: String(step) })
      .where("merchant_id", "=", scope.merchantId)
      .where("enabled_at", "is", null)
      .where("secret_sealed", "=", pending.secret_sealed)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await trx.deleteFrom("totp_recovery_codes").where("merchant_id", "=", scope.merchantId).execute();
    await trx
      .insertInto("totp_recovery_codes")
      .values(
        recoveryCodes.map((c) => ({
          merchant_id: scope.merchantId,
          code_hash: hashRecoveryCode(services.secret, scope.merchantId, c),
        })),
      )
      .execute();
    await settleSignIn(trx, slots, services.limits);
    await recordSecurityEvent(trx, context, "twoFactorOn", "success", scope.merchantId);
    return true;
  });
  if (!turnedOn) return fail(errCodes.twoFactorNoSetup, "Start the two-factor set-up first");
  return ok({ recoveryCodes });
}

/** Turning TOTP off takes a current code or a recovery code; the secret and the recovery codes are deleted. */
export async function disableTwoFactor(
  db: Kysely<DB>,
  scope: MerchantScope,
  code: string,
  context: SecondFactorContext,
): Promise<Outcome<null>> {
  if (!(await hasSecondFactor(db, scope))) return fail(errCodes.twoFactorNotOn, "Two-factor sign-in is not on");
  const checked = await requireSecondFactor(db, scope, code, context);
  if (!checked.ok) await recordSecurityEvent(db, context, "twoFactorOff", checked, scope.merchantId);
  if (!checked.ok) return checked;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("totp_recovery_codes").where("merchant_id", "=", scope.merchantId).execute();
    await trx.deleteFrom("totp_factors").where("merchant_id", "=", scope.merchantId).execute();
    await recordSecurityEvent(trx, context, "twoFactorOff", "success", scope.merchantId);
  });
  return ok(null);
}
