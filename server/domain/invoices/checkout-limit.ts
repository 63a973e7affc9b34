import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { addressBucket } from "../platform/ip-address.ts";
import type { Limits } from "../platform/limits.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import { takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";

export interface CheckoutLimitDeps {
  db: Kysely<DB>;
  limits: Limits;
  refusals?: RefusalMemo;
}

/**
 * One slot of the address's checkout bucket (an IPv6 client's /64), taken before the invoice is looked up, so that
 * ids tried from one place are counted whether they exist or not: null when it is free, else the 429 refusal.
 */
export async function takeCheckoutSlot(deps: CheckoutLimitDeps, ip: string, now: Date): Promise<Outcome<never> | null> {
  const slot = { bucket: "checkout-ip" as const, subject: addressBucket(ip), window: deps.limits.checkoutViewsPerIp };
  const taken = await takeSlots(deps.db, [slot], now, deps.refusals);
  return taken.ok ? null : fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
}
