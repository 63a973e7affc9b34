import { exportConsoleInvoices, listConsoleInvoices } from "../domain/invoices/console-invoices.ts";
import { refundInvoice } from "../domain/invoices/invoice-refunds.ts";
import type { HandlerTable } from "../http/handler.ts";
import { listHandlers } from "./list-handlers.ts";

/** Invoices: every invoice of the merchant's applications, and their CSV; a refund of one. */
export const invoiceHandlers: Pick<HandlerTable, "invoiceList" | "invoiceExport" | "invoiceRefund"> = {
  ...listHandlers(
    { pages: "invoiceList", file: "invoiceExport" },
    { pages: listConsoleInvoices, file: exportConsoleInvoices },
  ),
  invoiceRefund: {
    handle: ({ db, session, body, services, now, ip, userAgent }) =>
      refundInvoice(db, session, body, {
        currencies: services.currencies,
        rules: services.withdrawals,
        now,
        source: { ip, userAgent, now },
        identity: services,
      }),
  },
};
