import type { ConsoleInvoice } from "../../contracts/schemas/invoices.ts";
import { type ListDetailView, type ListTableView, listSelectors } from "../lists/list-selectors.ts";
import { invoiceListArea } from "./invoice-list.ts";

export type InvoiceTableView = ListTableView<ConsoleInvoice>;
/** The details dialog: closed, or the invoice as listed. */
export type InvoiceDetailView = ListDetailView<{ invoice: ConsoleInvoice }>;
export const { selectTable: selectInvoiceTable, selectDetail: selectInvoiceDetail } = listSelectors(invoiceListArea, {
  detail: (invoice) => ({ invoice }),
});
