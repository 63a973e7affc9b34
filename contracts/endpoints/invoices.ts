import { consoleInvoice, invoiceExportRequest, invoiceListRequest, invoiceListResult } from "../schemas/invoices.ts";
import type { Endpoint } from "../endpoint.ts";
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
} as const satisfies Record<string, Endpoint>;
