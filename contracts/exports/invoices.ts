import type { ConsoleInvoice } from "../schemas/invoices.ts";
import { codeOf, coded, currency, type ExportTable, shown, utcTime } from "./export-columns.ts";

/** The chains an invoice can be paid on, as its row shows them. */
export const invoiceChainsText = (invoice: ConsoleInvoice): string => invoice.addresses.map((a) => a.chain).join(", ");

/** Invoices' export: the list's columns (src/features/invoices/invoice-table.tsx), its codes beside them. */
export const invoiceExportTable: ExportTable<ConsoleInvoice> = [
  shown("invoices.columns.invoiceId", (i) => i.invoiceId),
  shown("invoices.columns.orderId", (i) => i.orderId),
  shown("invoices.columns.application", (i) => i.appName),
  codeOf("invoices.columns.application", (i) => i.appCode),
  shown("invoices.columns.amount", (i) => i.amount),
  shown("invoices.columns.received", (i) => i.amountReceived),
  currency((i) => i.currency),
  ...coded<ConsoleInvoice>(
    "invoices.columns.status",
    (i) => i.status,
    (status) => `invoices.status.${status}`,
  ),
  // Flags as the tags read, one cell; their codes beside them, for a filter that does not depend on the language.
  shown("invoices.columns.flags", (i, say) => i.flags.map((flag) => say(`invoices.flag.${flag}`)).join("; ")),
  codeOf("invoices.columns.flags", (i) => i.flags.join(";")),
  shown("invoices.columns.chains", invoiceChainsText),
  utcTime("invoices.columns.createdAt", (i) => i.createdAt),
  utcTime("invoices.columns.expiresAt", (i) => i.expiresAt),
  utcTime("invoices.columns.paidAt", (i) => i.paidAt),
  shown("invoices.columns.checkoutUrl", (i) => i.checkoutUrl),
];
