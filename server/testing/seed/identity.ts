import type { Kysely } from "kysely";
import type { CodePurpose } from "../../../contracts/schemas/fields.ts";
import type { DB } from "../../db/schema.ts";
import { storeCode } from "../../domain/identity/codes.ts";
import { defaultNickName, normalizeEmail } from "../../domain/identity/merchants.ts";
import { hashPassword } from "../../domain/identity/passwords.ts";
import { sealTotpSecret } from "../../domain/identity/second-factor.ts";
import { hashToken } from "../../domain/identity/tokens.ts";
import { hashRecoveryCode, totpCodeAt } from "../../domain/identity/totp.ts";
import { defaultLimits } from "../../domain/platform/limits.ts";

/** The server secret of test servers (harness, Pact provider), so seeded codes verify there. */
export const testServerSecret = Buffer.alloc(32, 7);

export interface SeedMerchantInput {
  email: string;
  password: string;
  nickName?: string;
  language?: string;
}

/** Creates the merchant, or resets the password (and given fields) of the one using this e-mail. */
export async function seedMerchant(db: Kysely<DB>, input: SeedMerchantInput): Promise<{ userId: string }> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const row = await db
    .insertInto("merchants")
    .values({
      email,
      password_hash: passwordHash,
      nick_name: input.nickName ?? defaultNickName(email),
      ...(input.language ? { language: input.language } : {}),
      created_at: new Date(),
    })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        password_hash: passwordHash,
        ...(input.nickName !== undefined ? { nick_name: input.nickName } : {}),
        ...(input.language ? { language: input.language } : {}),
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return { userId: row.id };
}

/** Stores the given raw token as a live session, so `Authorization: Bearer <token>` works. */
export async function seedSession(db: Kysely<DB>, input: { userId: string; token: string }): Promise<void> {
  const tokenHash = hashToken(input.token);
  await db
    .insertInto("sessions")
    .values({ token_hash: tokenHash, merchant_id: input.userId, created_at: new Date() })
    .onConflict((oc) =>
      oc
        .column("token_hash")
        .doUpdateSet({ merchant_id: input.userId, created_at: new Date(), last_seen_at: new Date(), revoked_at: null }),
    )
    .execute();
}

/** A fresh, valid code; dated past the resend wait so a new send is not refused. */
export async function seedCode(
  db: Kysely<DB>,
  input: { email: string; purpose: CodePurpose; code: string },
): Promise<void> {
  const now = new Date();
  await storeCode(db, {
    email: normalizeEmail(input.email),
    purpose: input.purpose,
    code: input.code,
    now,
    ttlSeconds: defaultLimits.codeTtlSeconds,
    secret: testServerSecret,
    createdAt: new Date(now.getTime() - (defaultLimits.resendAfterSeconds + 1) * 1000),
  });
}

export interface SeedTotpInput {
  userId: string;
  /** base32; a fixed test secret when absent. */
  totpSecret?: string;
  recoveryCodes?: readonly string[];
  /** false: a set-up started and not yet confirmed. */
  enabled?: boolean;
}

/** A TOTP secret known to the test, 20 bytes as base32. */
export const testTotpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The code of testTotpSecret at `now`. */
export const testTotpCode = (now = new Date()): string => totpCodeAt(testTotpSecret, now);

/** TOTP for the merchant as the server keeps it (secret sealed, recovery codes hashed under testServerSecret). */
export async function seedTotp(db: Kysely<DB>, input: SeedTotpInput): Promise<void> {
  const totpSecret = input.totpSecret ?? testTotpSecret;
  const sealed = sealTotpSecret(testServerSecret, input.userId, totpSecret);
  const enabledAt = input.enabled === false ? null : new Date();
  await db
    .insertInto("totp_factors")
    .values({ merchant_id: input.userId, secret_sealed: sealed, enabled_at: enabledAt, created_at: new Date() })
    .onConflict((oc) =>
      oc.column("merchant_id").doUpdateSet({ secret_sealed: sealed, enabled_at: enabledAt, last_used_step: null }),
    )
    .execute();
  await db.deleteFrom("totp_recovery_codes").where("merchant_id", "=", input.userId).execute();
  const codes = input.recoveryCodes ?? [];
  if (codes.length > 0)
    await db
      .insertInto("totp_recovery_codes")
      .values(
        codes.map((code) => ({
          merchant_id: input.userId,
          code_hash: hashRecoveryCode(testServerSecret, input.userId, code),
        })),
      )
      .execute();
}

/** A sign-in waiting for its second factor, with the given challenge token. */
export async function seedSignInChallenge(db: Kysely<DB>, input: { userId: string; challenge: string }): Promise<void> {
  await db
    .insertInto("sign_in_challenges")
    .values({
      token_hash: hashToken(input.challenge),
      merchant_id: input.userId,
      expires_at: new Date(Date.now() + 300_000),
    })
    .execute();
}
