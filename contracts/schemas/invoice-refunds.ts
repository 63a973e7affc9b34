import * as z from "zod/mini";
import { codeField, secondFactorCodeField, text, trimmedText, usdtAmount } from "./fields.ts";
import { invoiceIdPattern } from "./open-api-invoices.ts";
import { withdrawalStatuses } from "./open-api.ts";
import { walletProduct } from "./wallet.ts";

/**
 * A refund of an invoice: a withdrawal from the merchant's balance like any other (the same code, second factor,
 * address book, fee and daily limit), which names the invoice it gives money back for. Together with the invoice's
 * other refunds not failed it gives back at most what the invoice received.
 */

/** A refund as the invoice's details show it: the withdrawal that pays it. */
export const invoiceRefund = z.object({
  withdrawalId: z.string(),
  chain: z.string(),
  to: z.string(),
  amount: usdtAmount,
  status: z.enum(withdrawalStatuses),
  /** The transaction that paid it, once confirmed. */
  txHash: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
});
export type InvoiceRefund = z.infer<typeof invoiceRefund>;

/**
 * Invoice/Refund: to an address of the merchant's address book on the chain, past its cool-down (the destination is
 * typed, and checked against the book as any console withdrawal's is), with the code mailed for it (type
 * `withdrawal`) and, when two-factor is on, the authenticator's code. `requestId` names the request: sent twice, it is
 * one refund.
 */
export const invoiceRefundRequest = z.strictObject({
  invoiceId: text(z.regex(invoiceIdPattern, "validation.required")),
  chain: walletProduct,
  to: trimmedText(z.minLength(1, "validation.required"), z.regex(/^0x[0-9a-fA-F]{40}$/, "validation.address")),
  amount: trimmedText(z.minLength(1, "validation.required"), z.regex(/^\d{1,20}(\.\d{1,18})?$/, "validation.amount")),
  code: codeField,
  totpCode: z.optional(secondFactorCodeField),
  requestId: z.optional(text(z.regex(/^[0-9a-f-]{36}$/, "validation.requestId"))),
});
export type InvoiceRefundRequest = z.infer<typeof invoiceRefundRequest>;
