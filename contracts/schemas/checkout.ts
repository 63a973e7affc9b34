import * as z from "zod/mini";
import { text, usdtAmount } from "./fields.ts";
import { invoiceFlag, invoiceStatus } from "./invoice-states.ts";
import { invoiceIdField, invoiceIdPattern } from "./open-api-invoices.ts";

/**
 * The hosted checkout page's view of one invoice (`/pay/{invoiceId}`): public, its unguessable id the only key, so it
 * carries nothing the customer should not see (no order id, metadata, e-mail or merchant id).
 */

/** The page itself; the view and its live stream are read by the invoice id in the query string. */
export const checkoutPagePath = "/pay/{invoiceId}";
export const checkoutViewPath = "/api/Checkout/View";
export const checkoutEventsPath = "/api/Checkout/Events";
/** The live stream's SSE event name: each event's data is the whole view, re-read. */
export const checkoutEventName = "checkout";

/** The id as the open API's, its characters checked first as every string a console request carries is. */
export const checkoutQuery = z.strictObject({
  invoiceId: text(z.regex(invoiceIdPattern, "an invoice id: 22 characters")),
});
export type CheckoutQuery = z.infer<typeof checkoutQuery>;

const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

/** One chain the customer may pay on. */
export const checkoutOption = z.object({
  /** The chain's product code (as the open API names it, "ETH"), and its display name ("Ethereum"). */
  chain: z.string(),
  chainName: z.string(),
  chainId: z.int(),
  /** The chain's USDT contract and its decimals. */
  token: evmAddress,
  decimals: z.int(),
  /** EIP-55: the invoice's own address on that chain. */
  address: evmAddress,
  /**
   * EIP-681: a transfer of what is still due, in base units, to `address`:
   * `ethereum:<token>@<chainId>/transfer?address=<address>&uint256=<units>`; a wallet that scans it pre-fills it.
   */
  paymentUri: z.string(),
});
export type CheckoutOption = z.infer<typeof checkoutOption>;

/** The transfer that is counting confirmations (the one furthest from its count when there are several). */
export const checkoutConfirmations = z.object({ seen: z.int(), needed: z.int(), chain: z.string() });

export const checkoutView = z.object({
  invoiceId: invoiceIdField,
  status: invoiceStatus,
  flags: z.array(invoiceFlag),
  currency: z.literal("USDT"),
  amount: usdtAmount,
  /** Confirmed so far. */
  amountReceived: usdtAmount,
  /** Seen and not taken away by a reorganisation, confirmed or not. */
  amountSent: usdtAmount,
  /** What is left to pay: amount − sent, never below 0. */
  amountDue: usdtAmount,
  /** Above the amount, when overpaid; "0" otherwise. */
  amountExcess: usdtAmount,
  description: z.nullable(z.string()),
  /** The application's name and site (its address), as the merchant set them. */
  merchant: z.object({ name: z.string(), site: z.nullable(z.string()) }),
  /** "Return to the site": the invoice's redirectUrl with `invoiceId` and `status` added to its query; null without one. */
  returnUrl: z.nullable(z.string()),
  options: z.array(checkoutOption),
  confirmations: z.nullable(checkoutConfirmations),
  expiresAt: z.iso.datetime(),
  /** The server's clock when answered: the countdown runs on it, not on the customer's device. */
  serverTime: z.iso.datetime(),
});
export type CheckoutView = z.infer<typeof checkoutView>;
