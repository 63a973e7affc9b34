import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Outcome } from "../platform/outcome.ts";
import { checkCode } from "./codes.ts";
import type { IdentityServices } from "./identity-services.ts";

export interface ChangePasswordProof {
  email: string;
  /** The code mailed to the account (SentVerificationCode, type change-password). */
  code: string;
  now: Date;
}

/**
 * What, besides the old password, proves that the one changing the password is the owner and not a stolen session:
 * a code mailed to the account. The one place to add "or a TOTP code". `consume` spends it (the change's own
 * transaction); a wrong code counts against the code's tries either way.
 */
export function checkChangePasswordProof(
  db: Kysely<DB>,
  { email, code, now }: ChangePasswordProof,
  { limits, secret }: Pick<IdentityServices, "limits" | "secret">,
  consume: boolean,
): Promise<Outcome<null>> {
  return checkCode(db, {
    email,
    purpose: "change-password",
    code,
    now,
    maxAttempts: limits.codeMaxAttempts,
    secret,
    consume,
    // A signed-in request: whoever holds the session asked for the code, so its tries are the requester's.
    fromRequester: true,
  });
}
