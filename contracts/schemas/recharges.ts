import * as z from "zod/mini";
import { hexAddress, tokenProtocols, txHash } from "./bills.ts";
import { isoTimeField, trimmedText, usdtAmount } from "./fields.ts";
import { listPage, listPaging } from "./list.ts";

/**
 * Recharge bills (spec sections 2–3): every credit of the merchant's balance by a transfer on chain that is
 * not an application deposit. Why it went to the balance:
 * - `unmatched`: a transfer to the payment address while no order was open (a recharge);
 * - `late`: one that came after its order's payment window;
 * - `excess`: what a transfer paid beyond its order's amount;
 * - `orderClosed`: what was paid for an order that then closed unpaid (cancelled or expired).
 */
export const rechargeReasons = ["unmatched", "late", "excess", "orderClosed"] as const;
export const rechargeReason = z.enum(rechargeReasons);

/**
 * - `credited`: on the balance;
 * - `reversed`: a reorganisation took its transfer away and the ledger took the amount back (it may come back).
 */
export const rechargeStatuses = ["credited", "reversed"] as const;

export const rechargeBill = z.object({
  /** The bill's number: digits, made when the balance was credited. */
  billNo: z.string(),
  reason: rechargeReason,
  /** The order it was paid for (all but `unmatched`). */
  orderCode: z.nullable(z.string()),
  /** What the balance received: a decimal string in the token's unit. */
  amount: usdtAmount,
  /** The payment currency: the chain's product name (Devnet, Eth …) and id, the token's symbol, contract and standard. */
  chain: z.string(),
  chainId: z.int(),
  currency: z.string(),
  tokenContract: hexAddress,
  protocol: z.enum(tokenProtocols),
  /** Who paid, and the merchant's payment address it was paid to. */
  fromAddress: hexAddress,
  paymentAddress: hexAddress,
  /**
   * Where the money was collected to (the treasury, once a sweep of the merchant's payment address confirmed); null
   * while it is at the payment address (not swept yet, or a watch-only receiving address, which nothing sweeps).
   */
  deliveryAddress: z.nullable(hexAddress),
  txHash,
  logIndex: z.int(),
  /** A decimal string: block numbers outgrow JavaScript's safe integers on some chains. */
  blockNumber: z.string().check(z.regex(/^\d+$/)),
  status: z.enum(rechargeStatuses),
  /** When the balance was credited (the pay time). */
  payTime: z.iso.datetime(),
});
export type RechargeBill = z.infer<typeof rechargeBill>;

export const maxRechargePageSize = 100;

/** Recharge bills' filters, every one optional: why it was credited, when, and its transaction. */
export const rechargeFilters = {
  reason: z.optional(rechargeReason),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
  /** A whole transaction hash (any case). */
  txHash: z.optional(trimmedText(z.regex(/^(0x[0-9a-fA-F]{64})?$/, "validation.txHash"))),
};

/** Recharge bills, newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const rechargeListRequest = z.strictObject({ ...rechargeFilters, ...listPaging(maxRechargePageSize) });
export type RechargeListRequest = z.infer<typeof rechargeListRequest>;
export const rechargeListResult = listPage(rechargeBill);
export type RechargeListResult = z.infer<typeof rechargeListResult>;

/** The same bills as a CSV file: every one the filters select, as the list reads them (contracts/exports). */
export const rechargeExportRequest = z.strictObject(rechargeFilters);
export type RechargeExportRequest = z.infer<typeof rechargeExportRequest>;
