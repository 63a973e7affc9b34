import * as z from "zod/mini";
import { servicePackage } from "./packages.ts";

/** What the merchant's package is now: the console home's "resource check". */
export const subscriptionResult = z.object({
  /** Null before any package was bought or tried. */
  package: z.nullable(servicePackage),
  /** Null without a package; in the past when it expired. */
  expiresAt: z.nullable(z.string()),
  active: z.boolean(),
  /** Whether the free trial is still available to this merchant (once per merchant). */
  trialAvailable: z.boolean(),
  usage: z.object({ wallets: z.number(), currencies: z.number(), applications: z.number() }),
  serverTime: z.string(),
});
export type SubscriptionResult = z.infer<typeof subscriptionResult>;
