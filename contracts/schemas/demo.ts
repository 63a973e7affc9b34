import * as z from "zod/mini";
import { trimmedText } from "./fields.ts";

/**
 * The public checkout demo (/demo01): what a merchant's customer sees when paying an order.
 * Demo orders live in their own table and never touch merchants' data.
 */
/** The chains the service collects on (EVM chains; TRON has no chain adapter yet, so it is not offered). */
export const demoChains = ["ETH", "BSC"] as const;
export const demoChain = z.enum(demoChains);
export type DemoChain = z.infer<typeof demoChain>;

export const demoOrderStatus = z.enum(["pending", "paid", "expired"]);
export type DemoOrderStatus = z.infer<typeof demoOrderStatus>;

/** How long a demo order waits for its payment. */
export const demoOrderMinutes = 15;

export const demoCheckoutRequest = z.strictObject({ chain: z.optional(demoChain) });
export type DemoCheckoutRequest = z.infer<typeof demoCheckoutRequest>;

export const demoOrderCode = trimmedText(z.regex(/^DEMO-[A-Z0-9]{10}$/, "validation.demoOrderCode"));

export const demoOrderRequest = z.strictObject({ orderCode: demoOrderCode });
export type DemoOrderRequest = z.infer<typeof demoOrderRequest>;

/** resData of the demo calls. `amount` is a decimal string (USDT has 6 decimals; floats would round). */
export const demoOrder = z.object({
  orderCode: z.string(),
  amount: z.string().check(z.regex(/^\d+(\.\d{1,6})?$/)),
  currency: z.literal("USDT"),
  chain: demoChain,
  address: z.string(),
  expiresAt: z.string(),
  /** The server's clock when it answered, so the countdown does not depend on the visitor's clock. */
  serverTime: z.string(),
  status: demoOrderStatus,
});
export type DemoOrder = z.infer<typeof demoOrder>;
