import * as z from "zod/mini";
import { usdtAmount } from "./fields.ts";

/**
 * A line of the balance's ledger: what came in unconsumed, what an order took, a deposit to an application's address,
 * what a withdrawal holds from the moment it is asked for, and what one that ended without paying gave back.
 */
export const balanceEntryKinds = [
  "excess",
  "late",
  "unmatched",
  "orderClosed",
  "orderPayment",
  "reorg",
  "deposit",
  "withdrawal",
  "withdrawalReturned",
] as const;
export const balanceResult = z.object({
  balance: usdtAmount,
  currency: z.literal("USDT"),
  entries: z.array(
    z.object({
      kind: z.enum(balanceEntryKinds),
      /** Signed: credits positive, debits negative. */
      amount: z.string().check(z.regex(/^-?\d{1,20}(\.\d{1,18})?$/)),
      orderCode: z.nullable(z.string()),
      txHash: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
});
export type BalanceResult = z.infer<typeof balanceResult>;
