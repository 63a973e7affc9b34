import { addAmounts, amountLeft, isPositiveAmount } from "../../contracts/money.ts";
import type { ConsoleInvoice } from "../../contracts/schemas/invoices.ts";
import type { WalletOverview, WithdrawalAddress } from "../../contracts/schemas/wallet.ts";

/**
 * What of an invoice may still be refunded: what it received less its refunds not failed (a failed one gave its
 * amount back to the balance). The server decides the same sum again when a refund is asked.
 */
export const refundableOf = (invoice: Pick<ConsoleInvoice, "amountReceived" | "refunds">): string =>
  amountLeft(
    invoice.amountReceived,
    addAmounts("0", ...invoice.refunds.filter((r) => r.status !== "failed").map((r) => r.amount)),
  );

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
