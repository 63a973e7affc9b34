import { invoiceRefundRequest } from "../schemas/invoice-refunds.ts";
import {
  consoleInvoice,
  invoiceEventName,
  invoiceEventsPath,
  invoiceEventsQuery,
  invoiceExportRequest,
  invoiceListRequest,
  invoiceListResult,
  paymentLinkRequest,
} from "../schemas/invoices.ts";
import { openWithdrawal } from "../schemas/open-api.ts";
import { openInvoice } from "../schemas/open-api-invoices.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";
import { listEndpoints } from "../list-endpoints.ts";

/** The console's Invoices (`api.invoices.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const invoicesEndpoints = {
  /** Every invoice of the merchant's applications, newest first. */
  ...listEndpoints({
    area: "invoices",
    names: "invoice",
    path: "/api/Invoice",
    request: invoiceListRequest,
    result: invoiceListResult,
    filters: invoiceExportRequest,
    row: consoleInvoice,
  }),
  /** "Create a payment link": one invoice of one of the merchant's applications, answered as the open API answers it. */
  invoiceCreate: endpoint({
    area: "invoices",
    call: "create",
    method: "POST",
    path: "/api/Invoice/Create",
    body: paymentLinkRequest,
    query: null,
    result: openInvoice,
    auth: true,
    source: "proposed",
  }),
  /** Gives an invoice's money back: a withdrawal to a destination of the address book, linked to the invoice. */
  invoiceRefund: endpoint({
    area: "invoices",
    call: "refund",
    method: "POST",
    path: "/api/Invoice/Refund",
    body: invoiceRefundRequest,
    query: null,
    result: openWithdrawal,
    auth: true,
    source: "proposed",
  }),
  /** Each invoice of the merchant's, as listed, whenever its life moves. */
  invoiceEvents: endpoint({
    area: "invoices",
    call: "watch",
    method: "GET",
    path: invoiceEventsPath,
    body: null,
    query: invoiceEventsQuery,
    result: consoleInvoice,
    auth: true,
    source: "proposed",
    stream: true,
    event: invoiceEventName,
  }),
} as const satisfies Record<string, Endpoint>;
