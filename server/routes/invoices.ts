import { exportConsoleInvoices, listConsoleInvoices } from "../domain/invoices/console-invoices.ts";
import type { HandlerTable } from "../http/handler.ts";
import { listHandlers } from "./list-handlers.ts";

/** Invoices: every invoice of the merchant's applications, and their CSV. */
export const invoiceHandlers: Pick<HandlerTable, "invoiceList" | "invoiceExport"> = listHandlers(
  { pages: "invoiceList", file: "invoiceExport" },
  { pages: listConsoleInvoices, file: exportConsoleInvoices },
);
