import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { CodePurpose } from "../../../contracts/schemas/fields.ts";
import type { DB } from "../../db/schema.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import type { Limits } from "../platform/limits.ts";
import { type Slot, takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";
import type { CodeRequester } from "./code-requester.ts";
import { holdsLiveCode } from "./codes.ts";

/** Refused (429), or allowed. */
export type CodeUse =
  | {
      ok: false;
      refused: Outcome<never> /** Answered from the refusal memo, without the database. */;
      remembered: boolean;
    }
  | { ok: true };

/**
 * CheckCaptchaCode, Register, ResetPassword and GoogleLink each try a code: one slot per address, and one per e-mail,
 * before anything else (a code's own five-try limits stay). The per-e-mail budget is the requester's own when it holds
 * a live code of the e-mail and purpose, or is the account's session or device (code-requester.ts); everyone else's
 * tries share the e-mail's budget. So strangers trying codes from everywhere exhaust only their own budgets, and the
 * owner, who asked for the code, still gets through with it. The account's session or
 * device skips the address's bucket too: a stranger behind the same address cannot spend it for them.
 */
export async function takeCodeUseSlots(
  db: Kysely<DB>,
  { email, purpose, requester }: { email: string; purpose: CodePurpose; requester: CodeRequester },
  { limits, refusals }: { limits: Limits; refusals: RefusalMemo },
  now: Date,
): Promise<CodeUse> {
  const holder =
    requester.known ||
    (await holdsLiveCode(db, { email, purpose, requester: requester.key, now, maxAttempts: limits.codeMaxAttempts }));
  const slots: Slot[] = [
    ...(requester.known
      ? []
      : [{ bucket: "code-use-ip" as const, subject: requester.address, window: limits.codeUsesPerIp }]),
    holder
      ? { bucket: "code-use-requester", subject: `${email} ${requester.key}`, window: limits.codeUsesPerEmail }
      : { bucket: "code-use-email", subject: email, window: limits.codeUsesPerEmail },
  ];
  const taken = await takeSlots(db, slots, now, refusals);
  return taken.ok
    ? { ok: true }
    : {
        ok: false,
        refused: fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429),
        remembered: taken.remembered === true,
      };
}
