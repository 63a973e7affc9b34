import { addAmounts, amountLeft, isPositiveAmount } from "../../contracts/money.ts";
import type { ConsoleInvoice } from "../../contracts/schemas/invoices.ts";
import type { WalletOverview, WithdrawalAddress } from "../../contracts/schemas/wallet.ts";

/** What the invoice's refunds not failed took back. */
const refundedOf = (invoice: Pick<ConsoleInvoice, "refunds">): string =>
  addAmounts("0", ...invoice.refunds.filter((r) => r.status !== "failed").map((r) => r.amount));

/**
 * What of an invoice may still be refunded: what it received less its refunds not failed (a failed one gave its
 * amount back to the balance). The server decides the same sum again when a refund is asked.
 */
export const refundableOf = (invoice: Pick<ConsoleInvoice, "amountReceived" | "refunds">): string =>
  amountLeft(invoice.amountReceived, refundedOf(invoice));

/** Of a paid invoice that received more than its amount, the excess not refunded yet; null when there is none. */
export function refundExcessOf(
  invoice: Pick<ConsoleInvoice, "status" | "amount" | "amountReceived" | "refunds">,
): string | null {
  if (invoice.status !== "paid") return null;
  const excess = amountLeft(invoice.amountReceived, addAmounts(invoice.amount, refundedOf(invoice)));
  return isPositiveAmount(excess) ? excess : null;
}

/**
 * What the refund dialog fills in: a paid invoice's excess (the order was sold; what came beyond it is the
 * customer's); otherwise, and once the excess went back, all that is left to refund. Any amount up to `refundableOf`
 * may be typed.
 */
export const suggestedRefundOf = (
  invoice: Pick<ConsoleInvoice, "status" | "amount" | "amountReceived" | "refunds">,
): string => refundExcessOf(invoice) ?? refundableOf(invoice);

/** Whether the details offer "Refund": something is left to give back. */
export const isRefundable = (invoice: Pick<ConsoleInvoice, "amountReceived" | "refunds">): boolean =>
  isPositiveAmount(refundableOf(invoice));

/**
 * The chains a refund may go out on, the one the customer paid on first: the invoice's chains, those its counted
 * transfers came on ahead of the others.
 */
export function refundChainsOf(invoice: Pick<ConsoleInvoice, "addresses" | "transfers">): string[] {
  const paidOn = invoice.transfers.filter((t) => !t.removed).map((t) => t.chain);
  return [...new Set([...paidOn, ...invoice.addresses.map((a) => a.chain)])];
}

/**
 * Whether a typed destination is one the server will pay a refund to: a destination of the address book on the chain,
 * past its cool-down (addresses compared without their checksum's case). An empty or unfinished address is not judged.
 */
export function isUnknownDestination(book: readonly WithdrawalAddress[], chain: string, to: string): boolean {
  const typed = to.trim().toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(typed)) return false;
  return !book.some((d) => d.usable && d.chain === chain && d.address.toLowerCase() === typed);
}

/** The withdrawal fee a refund on the chain takes beside its amount ("0" for a chain the wallet does not list). */
export const refundFeeOf = (overview: Pick<WalletOverview, "chains">, chain: string): string =>
  overview.chains.find((c) => c.chain === chain)?.fee ?? "0";
