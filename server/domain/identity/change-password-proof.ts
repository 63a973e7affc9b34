import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Outcome } from "../platform/outcome.ts";
import { merchantRequesterKey } from "./code-requester.ts";
import { checkCode } from "./codes.ts";
import type { IdentityServices } from "./identity-services.ts";

export interface ChangePasswordProof {
  email: string;
  /** The signed-in merchant: the requester of the codes its console asked for (code-requester.ts). */
  merchantId: string;
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
  { email, merchantId, code, now }: ChangePasswordProof,
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
    // A signed-in request: the merchant's session asked for its code, so its tries count on that code's own five.
    requester: merchantRequesterKey(merchantId),
  });
}
