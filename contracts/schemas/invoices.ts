import * as z from "zod/mini";
import { isoTimeField, trimmedText, usdtAmount } from "./fields.ts";
import { invoiceRefund } from "./invoice-refunds.ts";
import { invoiceStatus } from "./invoice-states.ts";
import { listPage, listPaging } from "./list.ts";
import { openInvoice } from "./open-api-invoices.ts";

/**
 * The console's Invoices: every invoice of the merchant's applications (made through the open API), as the open API
 * answers it plus its application and the transfers its life counted.
 */

/** One transfer to the invoice's addresses as its life counted it: confirmations n of N, taken away, or first seen late. */
export const invoiceTransferView = z.object({
  /** The chain's name (Devnet, Eth …). */
  chain: z.string(),
  amount: usdtAmount,
  confirmations: z.int(),
  required: z.int(),
  removed: z.boolean(),
  late: z.boolean(),
});
export type InvoiceTransferView = z.infer<typeof invoiceTransferView>;

/** The open API's invoice, its application, the transfers its life counted, when it was paid and its refunds. */
export const consoleInvoice = z.object({
  ...openInvoice.shape,
  appCode: z.string(),
  appName: z.string(),
  transfers: z.array(invoiceTransferView),
  paidAt: z.nullable(z.iso.datetime()),
  /** The withdrawals that give its money back, oldest first. */
  refunds: z.array(invoiceRefund),
});
export type ConsoleInvoice = z.infer<typeof consoleInvoice>;

export const maxInvoicePageSize = 100;

/** Invoices' filters, every one optional: its status, its application, the merchant's order id, when it was made. */
export const invoiceFilters = {
  status: z.optional(invoiceStatus),
  appCode: z.optional(trimmedText(z.maxLength(24, "validation.tooLong"), z.regex(/^\d*$/, "validation.appCode"))),
  orderId: z.optional(trimmedText(z.maxLength(128, "validation.tooLong"))),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
};

/** Invoices, newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const invoiceListRequest = z.strictObject({ ...invoiceFilters, ...listPaging(maxInvoicePageSize) });
export type InvoiceListRequest = z.infer<typeof invoiceListRequest>;
export const invoiceListResult = listPage(consoleInvoice);
export type InvoiceListResult = z.infer<typeof invoiceListResult>;

/** The same invoices as a CSV file: every one the filters select, as the list reads them (contracts/exports). */
export const invoiceExportRequest = z.strictObject(invoiceFilters);
export type InvoiceExportRequest = z.infer<typeof invoiceExportRequest>;
