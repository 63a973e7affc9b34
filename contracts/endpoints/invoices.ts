import {
  consoleInvoice,
  invoiceEventName,
  invoiceEventsPath,
  invoiceEventsQuery,
  invoiceExportRequest,
  invoiceListRequest,
  invoiceListResult,
} from "../schemas/invoices.ts";
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
