import * as z from "zod/mini";
import { text, usdtAmount } from "./fields.ts";
import { orderCodeField } from "./order.ts";

/** A chain an order can be paid on: the pay dialog's choices (only configured chains). */
export const payChain = z.object({
  /** The `{product}` of GetUserWallet: Eth, Bsc, Devnet, … */
  product: z.string(),
  chainId: z.number(),
  token: z.object({ symbol: z.string(), address: z.string(), decimals: z.number() }),
  confirmations: z.number(),
  /** The embedded local test chain: "Pay from the dev wallet" is offered there (outside production). */
  devnet: z.boolean(),
});
export type PayChain = z.infer<typeof payChain>;
export const payChainListResult = z.array(payChain);

export const walletProductField = text(z.regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, "validation.walletProduct"));

/** Devnet only: a real transfer of the order's remaining amount from the devnet's funded dev account. */
export const devPayRequest = z.strictObject({ orderCode: orderCodeField, product: walletProductField });
export type DevPayRequest = z.infer<typeof devPayRequest>;
export const devPayResult = z.object({ txHash: z.string(), blockNumber: z.string(), amount: usdtAmount });
export type DevPayResult = z.infer<typeof devPayResult>;
