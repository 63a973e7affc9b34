import type { Kysely } from "kysely";
import type { LoginResult } from "../../../contracts/schemas/auth.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { LoginAnswer, SecondFactorChallenge } from "../../../contracts/schemas/two-factor.ts";
import { asSignIn } from "../../db/prioritised-pglite.ts";
import type { DB } from "../../db/schema.ts";
import { fail, type Outcome, ok } from "../platform/outcome.ts";
import { deviceOf, newDeviceCookie } from "./device-cookie.ts";
import type { IdentityServices } from "./identity-services.ts";
import type { AnyMerchantScope } from "../platform/merchant-scope.ts";
import { checkCodeThrottled, hasSecondFactor } from "./second-factor.ts";
import { type MerchantRow, toLoginResult } from "./profile.ts";
import { signInMerchant } from "./sessions.ts";
import { actFor, systemScope } from "./system-scope.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { hashToken, newToken } from "./tokens.ts";

/** Before a session exists, the system acts for the merchant the first factor and the challenge proved. */
const system = systemScope("second-factor");

/**
 * A challenge lives five minutes and takes five codes at most (the sign-in buckets count them too: the device's with its
 * cookie, the mailbox's when its first step proved the mailbox, else the account's).
 */
export const challengeSeconds = 300;
const maxAttempts = 5;

export const challengeExpiredMessage = "This sign-in has expired, please sign in again";

async function issueChallenge(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  now: Date,
  mailbox: boolean,
): Promise<SecondFactorChallenge> {
  const challenge = newToken();
  await db.deleteFrom("sign_in_challenges").where("expires_at", "<=", now).execute();
  await db
    .insertInto("sign_in_challenges")
    .values({
      token_hash: hashToken(challenge),
      merchant_id: merchantId,
      expires_at: new Date(now.getTime() + challengeSeconds * 1000),
      mailbox_proven: mailbox,
    })
    .execute();
  return { secondFactor: "totp", challenge, expiresInSeconds: challengeSeconds };
}

/**
 * The first factor (password or Google) held: the session, or, when the merchant has TOTP on, a challenge and no
 * session yet (Login/SecondFactor completes it). `mailbox`: the first step came with a right code mailed to the account
 * (sign-in.ts), so the challenge's codes go on the mailbox's budget, not on the account's that strangers may have
 * filled; still five codes per challenge, and the mailbox's budget bounds them across challenges (login-throttle.ts).
 */
export async function answerFirstFactor(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  merchant: MerchantRow,
  ip: string,
  now: Date,
  { mailbox = false }: { mailbox?: boolean } = {},
): Promise<LoginAnswer> {
  if (await hasSecondFactor(db, scope)) return issueChallenge(db, scope, now, mailbox);
  return toLoginResult(merchant, await signInMerchant(db, scope, ip, now));
}

export interface SecondFactorAttempt {
  challenge: string;
  code: string;
  ip: string;
  userAgent?: string;
  now: Date;
  deviceCookie: string | undefined;
}

export type SecondFactorAnswer = { outcome: Outcome<LoginResult>; deviceCookie: string | null };

/**
 * Login/SecondFactor: a live challenge, a slot in the sign-in buckets (as a password), the code used up, then the
 * challenge is spent (single use) and the session starts, in one transaction.
 */
export const completeSecondFactor = (
  db: Kysely<DB>,
  attempt: SecondFactorAttempt,
  services: IdentityServices,
): Promise<SecondFactorAnswer> => asSignIn(() => checkSecondFactor(db, attempt, services));

async function checkSecondFactor(
  db: Kysely<DB>,
  attempt: SecondFactorAttempt,
  services: IdentityServices,
): Promise<SecondFactorAnswer> {
  const { challenge, code, ip, now, deviceCookie } = attempt;
  const refused = (outcome: Outcome<never>): SecondFactorAnswer => ({ outcome, deviceCookie: null });
  const tokenHash = hashToken(challenge);
  const counted = await db
    .updateTable("sign_in_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .where("attempts", "<", maxAttempts)
    .returning(["merchant_id", "mailbox_proven"])
    .executeTakeFirst();
  if (!counted) return refused(fail(errCodes.signInChallengeExpired, challengeExpiredMessage));
  const merchant = await db
    .selectFrom("merchants")
    .selectAll()
    .where("id", "=", counted.merchant_id)
    .executeTakeFirstOrThrow();
  const scope = actFor(system, merchant.id);
  const slots = {
    email: merchant.email,
    ip,
    deviceId: deviceOf(services.secret, deviceCookie, merchant.id),
    mailbox: counted.mailbox_proven,
  };
  // Refused by the account's bucket, the console is told to sign in again with a mailed code (2011).
  const checked = await checkCodeThrottled(db, scope, code, slots, services, now, { offerMailCode: true });
  if (!checked.ok) await recordSecurityEvent(db, attempt, "secondFactor", checked, merchant.id);
  if (!checked.ok) return refused(checked);
  const accessToken = await db.transaction().execute(async (trx) => {
    const spent = await trx.deleteFrom("sign_in_challenges").where("token_hash", "=", tokenHash).executeTakeFirst();
    if (spent.numDeletedRows === 0n) return null;
    await recordSecurityEvent(trx, attempt, "secondFactor", "success", merchant.id);
    return signInMerchant(trx, scope, ip, now);
  });
  if (!accessToken) return refused(fail(errCodes.signInChallengeExpired, challengeExpiredMessage));
  return {
    outcome: ok(toLoginResult(merchant, accessToken)),
    deviceCookie: newDeviceCookie(services.secret, merchant.id),
  };
}
