import * as z from "zod/mini";
import { isoTimeField, text, trimmedText, usdtAmount } from "./fields.ts";
import { listPage, listPaging } from "./list.ts";
import { packageLimits, termUnit } from "./packages.ts";

/**
 * Orders for packages and their payment (spec sections 2, 3, 4 and 9), and the live order stream. Amounts are decimal
 * strings of USDT (never JavaScript numbers); times are ISO 8601.
 */

/**
 * Pay status of spec section 4: pending payment, waiting (a transfer is seen or Finish Pay was pressed: checking),
 * paid (payment complete), cancelled, failed (confirmation failed: the window closed without the full amount).
 */
export const orderStatuses = ["pending", "waiting", "paid", "cancelled", "failed"] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * What buying this package does to the one the merchant has: a first one, more time on the same (added after its
 * expiry), or a higher one instead (from now, the current one's unused part credited: `credit`).
 */
export const upgradeKinds = ["new", "extend", "replace"] as const;
export const upgradeKind = z.enum(upgradeKinds);
export type UpgradeKind = z.infer<typeof upgradeKind>;

/** A transfer counted for an order (or for the balance): the chain's facts and how far it is confirmed. */
export const orderTransfer = z.object({
  product: z.string(),
  chainId: z.number(),
  txHash: z.string(),
  logIndex: z.number(),
  blockNumber: z.string(),
  from: z.string(),
  amount: usdtAmount,
  confirmations: z.number(),
  required: z.number(),
  /** seen (confirming), confirmed, removed (a reorganisation took its block away). */
  status: z.enum(["seen", "confirmed", "removed"]),
  seenAt: z.string(),
});
export type OrderTransfer = z.infer<typeof orderTransfer>;

export const order = z.object({
  /** Digits: the order's number ("code" of spec section 3). */
  orderCode: z.string(),
  packageId: z.string(),
  packageCode: z.string(),
  packageName: z.string(),
  termUnit,
  termCount: z.number(),
  termMonths: z.number(),
  limits: packageLimits,
  /** The package's price when the order was made. */
  price: usdtAmount,
  /**
   * An upgrade's credit: what the unused part of the current paid package is worth, prorated by time and rounded down
   * to 6 decimals, taken off the price. 0 otherwise (a first package, an extension, after a free trial).
   */
  credit: usdtAmount,
  /** What the order costs: price − credit. */
  amount: usdtAmount,
  currency: z.literal("USDT"),
  status: orderStatus,
  upgrade: upgradeKind,
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** How it was paid: on a chain (its product), from the balance, mixed, or free (a trial); null until paid. */
  payType: z.nullable(z.enum(["chain", "balance", "mixed", "free"])),
  /** Confirmed USDT counted for this order (transfers and balance). */
  received: usdtAmount,
  /** USDT seen on chain for this order and still confirming. */
  confirming: usdtAmount,
  /** What is still to pay: amount − received, never below 0. */
  remaining: usdtAmount,
  /** The server's clock when it answered, so the countdown does not depend on the merchant's clock. */
  serverTime: z.string(),
});
export type Order = z.infer<typeof order>;

export const orderDetail = z.extend(order, {
  transfers: z.array(orderTransfer),
  /** USDT taken from the account balance for this order. */
  fromBalance: usdtAmount,
  /** Package term after payment: when the bought package ends (null until paid). */
  packageExpiresAt: z.nullable(z.string()),
  /**
   * What of this order's money is on the account balance: an excess, a closed order's partial payment or its balance
   * given back, a transfer confirmed after it closed (less what a reorganisation took back of those).
   */
  toBalance: usdtAmount,
  /** A paid order whose counted payment a reorganisation took back and has not come back: how much. 0 otherwise. */
  reversed: usdtAmount,
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderCodeField = trimmedText(z.regex(/^\d{8,24}$/, "validation.orderCode"));
const idDigits = text(z.regex(/^\d{1,18}$/, "validation.packageRequired"));

/** Ordering with nothing chosen says 'Please select the current package first' (spec section 5). */
export const createOrderRequest = z.strictObject({ packageId: idDigits });
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const orderCodeRequest = z.strictObject({ orderCode: orderCodeField });
export type OrderCodeRequest = z.infer<typeof orderCodeRequest>;

export const maxPageSize = 100;

/** My orders' filters, every one optional. */
const orderFilters = {
  status: z.optional(orderStatus),
  orderCode: z.optional(trimmedText(z.maxLength(24, "validation.tooLong"), z.regex(/^\d*$/, "validation.orderCode"))),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
};
/**
 * My orders' search (spec section 2): status, order code, start and end of the created time; newest first, a keyset
 * page at a time (contracts/schemas/list.ts).
 */
export const orderListRequest = z.strictObject({ ...orderFilters, ...listPaging(maxPageSize) });
export type OrderListRequest = z.infer<typeof orderListRequest>;

export const orderListResult = listPage(order);
export type OrderListResult = z.infer<typeof orderListResult>;

/** My orders as a CSV file (`orderExport`, a download): every order the filters select, as the list reads them. */
export const orderExportRequest = z.strictObject(orderFilters);
export type OrderExportRequest = z.infer<typeof orderExportRequest>;

/** How long a new order waits for its payment (a test server may shorten it). */
export const orderPayMinutes = 30;

/**
 * Live order status (server-sent events; `orderEvents` in the endpoint table, marked `stream`). `GET` this path with
 * `?orderCode=` and the usual `Authorization: Bearer` header; each `order` event's data is an `order` (JSON), sent
 * at once and again on every change (a transfer seen, a confirmation, paid, cancelled, failed). A comment line
 * every 15 s keeps proxies from closing it. Raised through PostgreSQL NOTIFY, so any instance relays any change.
 */
export const orderEventsPath = "/api/Order/Events";
export const orderEventName = "order";
