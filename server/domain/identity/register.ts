import type { Kysely } from "kysely";
import type { RegisterResult } from "../../../contracts/schemas/auth.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { onRegistered } from "../messaging/messages.ts";
import { ApiError, fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import type { IdentityServices } from "./identity-services.ts";
import { spendCodeOnPassword } from "./code-then-password.ts";
import { identifyRequester, type RequestSignals } from "./code-requester.ts";
import { takeCodeUseSlots } from "./code-throttle.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { findMerchantByEmail, insertMerchant, normalizeEmail } from "./merchants.ts";
import { actFor, systemScope } from "./system-scope.ts";

export interface Registration extends RequestSignals {
  email: string;
  code: string;
  password: string;
  now: Date;
}

/** No session yet: the system acts for the merchant the spent code has just created (merchant-scope.ts). */
const system = systemScope("register");

/** Register/Register: the e-mail's code spent on a new merchant with this password, and the welcome message. */
export async function registerMerchant(
  db: Kysely<DB>,
  input: Registration,
  services: IdentityServices,
): Promise<Outcome<RegisterResult>> {
  const { limits, secret, kdf } = services;
  const { now } = input;
  const email = normalizeEmail(input.email);
  const requester = await identifyRequester(db, email, input, secret);
  const use = await takeCodeUseSlots(db, { email, purpose: "register", requester }, services, now);
  if (!use.ok) return use.refused;
  if (await findMerchantByEmail(db, email)) return fail(errCodes.emailTaken, messages.emailTaken);
  if (isCommonPassword(input.password)) return fail(errCodes.passwordTooCommon, messages.passwordTooCommon);
  const code = {
    email,
    purpose: "register",
    code: input.code,
    now,
    maxAttempts: limits.codeMaxAttempts,
    secret,
    requester: requester.key,
  } as const;
  return spendCodeOnPassword(db, code, input.password, kdf, async (trx, passwordHash) => {
    const userId = await insertMerchant(trx, { email, passwordHash, now });
    // Registered meanwhile by a concurrent request: roll back so the code stays unused.
    if (!userId) throw new ApiError(errCodes.emailTaken, messages.emailTaken);
    await onRegistered(trx, actFor(system, userId), now);
    return ok({ userId, email });
  });
}
