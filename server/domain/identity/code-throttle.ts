import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import { addressBucket } from "../platform/ip-address.ts";
import type { Limits } from "../platform/limits.ts";
import { takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";

/**
 * CheckCaptchaCode, Register and ResetPassword each try a code: one slot per address and per e-mail
 * before anything else (a code's own five-try limit stays). Null when the request may go on.
 */
export async function takeCodeUseSlots(
  db: Kysely<DB>,
  email: string,
  ip: string,
  { limits, refusals }: { limits: Limits; refusals: RefusalMemo },
  now: Date,
): Promise<Outcome<never> | null> {
  const taken = await takeSlots(
    db,
    [
      { bucket: "code-use-ip", subject: addressBucket(ip), window: limits.codeUsesPerIp },
      { bucket: "code-use-email", subject: email, window: limits.codeUsesPerEmail },
    ],
    now,
    refusals,
  );
  return taken.ok ? null : fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
}
