import * as z from "zod/mini";
import { isoTimeField, trimmedText, usdtAmount } from "./fields.ts";
import { listPage, listPaging } from "./list.ts";

/**
 * Application bills (spec sections 2–4): every token transfer to one of an application's deposit addresses,
 * from the moment the watcher sees it. One bill per transfer (its transaction and log index); its money reaches the
 * merchant's balance once it has the chain's confirmations (`credited`), exactly once whatever restarts or
 * reorganisations happen. Times are ISO 8601; amounts are decimal strings.
 */

/**
 * - `confirming`: seen in a block, `confirmations` of `required` so far; nothing credited yet.
 * - `credited`: confirmed and on the merchant's balance.
 * - `dropped`: a reorganisation took it away before it was confirmed: never credited (it may come back: confirming).
 * - `reversed`: a reorganisation took it away after it was credited: the ledger took the amount back (it may come back).
 */
export const billStatuses = ["confirming", "credited", "dropped", "reversed"] as const;
export const billStatus = z.enum(billStatuses);
export type BillStatus = z.infer<typeof billStatus>;

/** Spec section 4: whether the application's recharge callback heard of the credit (delivered through the event outbox). */
export const noticeStatuses = ["notNotified", "success", "failed"] as const;
export const noticeStatus = z.enum(noticeStatuses);
export type NoticeStatus = z.infer<typeof noticeStatus>;

/** The token standard every configured token follows. */
export const tokenProtocols = ["ERC-20"] as const;

export const hexAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
export const txHash = z.string().check(z.regex(/^0x[0-9a-f]{64}$/));
/** An amount of the chain's native coin (ETH on Ethereum and the devnet; 18 decimals on every EVM chain). */
const nativeAmount = z.string().check(z.regex(/^\d{1,40}(\.\d{1,18})?$/));

export const appBill = z.object({
  /** The bill's number: digits, made by the server. */
  billNo: z.string(),
  appCode: z.string(),
  appName: z.string(),
  /** The merchant's own id of its customer, as given when the deposit address was made. */
  endUserId: z.string(),
  fromAddress: hexAddress,
  /** The deposit address. */
  toAddress: hexAddress,
  amount: usdtAmount,
  /** The chain's product name (Devnet, Eth …), its id and the token's symbol and standard. */
  chain: z.string(),
  chainId: z.int(),
  currency: z.string(),
  tokenContract: hexAddress,
  protocol: z.enum(tokenProtocols),
  /** A decimal string: block numbers outgrow JavaScript's safe integers on some chains. */
  blockNumber: z.string().check(z.regex(/^\d+$/)),
  txHash,
  logIndex: z.int(),
  status: billStatus,
  confirmations: z.int(),
  required: z.int(),
  /** When the watcher first saw it in a block (the pay time). */
  payTime: z.iso.datetime(),
  creditedAt: z.nullable(z.iso.datetime()),
  /** When a reorganisation last took it away (dropped or reversed), else null. */
  removedAt: z.nullable(z.iso.datetime()),
  noticeStatus,
  /** Collection into the treasury: null until the deposit is collected. */
  collectionAmount: z.nullable(usdtAmount),
  deliveryAddress: z.nullable(hexAddress),
  transferAmount: z.nullable(usdtAmount),
  collectionTxHash: z.nullable(txHash),
  /**
   * The gas the collection's sweep paid, as a decimal string in the chain's native coin (ETH, not wei: "0.000042"),
   * never a number; null until the sweep is confirmed. One sweep can cover several bills: each shows its whole fee.
   */
  collectionGasFee: z.nullable(nativeAmount),
});
export type AppBill = z.infer<typeof appBill>;

export const maxBillPageSize = 100;

/** Application bills' filters, every one optional. */
export const billFilters = {
  appCode: z.optional(trimmedText(z.maxLength(24, "validation.tooLong"), z.regex(/^\d*$/, "validation.appCode"))),
  status: z.optional(billStatus),
  noticeStatus: z.optional(noticeStatus),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
  /** A whole transaction hash (any case). */
  txHash: z.optional(trimmedText(z.regex(/^(0x[0-9a-fA-F]{64})?$/, "validation.txHash"))),
  /** A whole address, matched as the deposit address or the sender (any case). */
  address: z.optional(trimmedText(z.regex(/^(0x[0-9a-fA-F]{40})?$/, "validation.address"))),
};

/** Application bills' search: the filters, newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const billListRequest = z.strictObject({ ...billFilters, ...listPaging(maxBillPageSize) });
export type BillListRequest = z.infer<typeof billListRequest>;

export const billListResult = listPage(appBill);

/**
 * Application bills as a CSV file (`billExport`, a download): every bill the filters select, newest first, as the list
 * reads them in the request's `Language` (contracts/exports/bills.ts) — amounts the exact decimal strings beside their
 * currency, times in UTC, empty for none.
 */
export const billExportRequest = z.strictObject(billFilters);
export type BillExportRequest = z.infer<typeof billExportRequest>;
export type BillListResult = z.infer<typeof billListResult>;

export const billNoField = trimmedText(z.regex(/^\d{8,24}$/, "validation.billNo"));
export const billDetailRequest = z.strictObject({ billNo: billNoField });
export type BillDetailRequest = z.infer<typeof billDetailRequest>;

/**
 * Live bills (server-sent events; `billEvents` in the endpoint table, marked `stream`): the signed-in merchant's bills
 * as `bill` events, each data an `appBill`, sent whenever one of them is seen, gains a confirmation, is credited or is
 * taken away. Relayed from PostgreSQL NOTIFY like the orders' stream, so any instance relays any change.
 */
export const billEventsPath = "/api/Bill/Events";
export const billEventName = "bill";
export const billEventsQuery = z.strictObject({});
