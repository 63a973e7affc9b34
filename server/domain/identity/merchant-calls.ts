import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { recordSecurityEvent, type SecurityEventSource } from "./security-events.ts";
import type { Limits } from "../platform/limits.ts";
import { ApiError } from "../platform/outcome.ts";
import { type Slot, takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";

/**
 * ASVS 2.4.1: every signed-in call takes a slot of its merchant's bucket, whatever the address and the session, so a
 * stolen token or a script cannot hammer the API (and the database) on a merchant's account. Sized far above what the
 * console sends (server/README.md, "Per-merchant call limit", has the measured figure), so a person never meets it.
 */
export const merchantCallSlot = ({ merchantId }: MerchantScope, limits: Limits): Slot => ({
  bucket: "merchant-calls",
  subject: merchantId,
  window: limits.merchantCalls,
});

/**
 * Takes the call's slot, or throws the 429 (errCode 2005) that says how long to wait. The first refusal of a run is a
 * security event; the ones after it (answered from the refusal memo, no database work) are not written again.
 */
export async function takeMerchantCall(
  db: Kysely<DB>,
  scope: MerchantScope,
  source: SecurityEventSource,
  { limits, refusals: memo }: { limits: Limits; refusals: RefusalMemo },
): Promise<void> {
  const slot = merchantCallSlot(scope, limits);
  const known = memo.refusing([slot], source.now);
  const taken = known ? { ok: false as const, ...known } : await takeSlots(db, [slot], source.now, memo);
  if (taken.ok) return;
  if (!known) await recordSecurityEvent(db, source, "callLimit", "refused", scope.merchantId);
  throw new ApiError(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
}
