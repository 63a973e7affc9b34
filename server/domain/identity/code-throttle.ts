import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { CodePurpose } from "../../../contracts/schemas/fields.ts";
import type { DB } from "../../db/schema.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import { addressBucket } from "../platform/ip-address.ts";
import type { Limits } from "../platform/limits.ts";
import { takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";
import { codeRequester } from "./codes.ts";

/** Refused (429), or allowed, saying whether the try comes from the address that asked for the code. */
export type CodeUse =
  | {
      ok: false;
      refused: Outcome<never> /** Answered from the refusal memo, without the database. */;
      remembered: boolean;
    }
  | { ok: true; fromRequester: boolean };

/**
 * CheckCaptchaCode, Register and ResetPassword each try a code: one slot per address, and one per e-mail, before
 * anything else (a code's own five-try limit stays). The per-e-mail budget is split by requester: tries from the
 * address that asked for the latest code count on a budget of that address and e-mail, everyone else's on the
 * e-mail's shared one. So strangers trying codes from everywhere exhaust only their own budget, and the owner, who
 * asked for the code, still gets through with it (issue 25, finding 4).
 */
export async function takeCodeUseSlots(
  db: Kysely<DB>,
  { email, purpose, ip }: { email: string; purpose: CodePurpose; ip: string },
  { limits, refusals }: { limits: Limits; refusals: RefusalMemo },
  now: Date,
): Promise<CodeUse> {
  const address = addressBucket(ip);
  const fromRequester = (await codeRequester(db, email, purpose)) === address;
  const taken = await takeSlots(
    db,
    [
      { bucket: "code-use-ip", subject: address, window: limits.codeUsesPerIp },
      fromRequester
        ? { bucket: "code-use-requester", subject: `${email} ${address}`, window: limits.codeUsesPerEmail }
        : { bucket: "code-use-email", subject: email, window: limits.codeUsesPerEmail },
    ],
    now,
    refusals,
  );
  return taken.ok
    ? { ok: true, fromRequester }
    : {
        ok: false,
        refused: fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429),
        remembered: taken.remembered === true,
      };
}
