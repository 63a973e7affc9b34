import { invoicesEndpoints } from "../../contracts/endpoints/invoices.ts";
import { invoiceFlag, invoiceStatus } from "../../contracts/schemas/invoice-states.ts";
import { listArea } from "../lists/list-area.ts";

/**
 * Invoices on the list framework: every invoice of the merchant's applications, newest first, searched by its status,
 * a flag, its application, the merchant's order id and when it was made; its rows are live (a transfer seen, a
 * confirmation, paid, expired).
 */
export const invoiceListArea = listArea(
  { pages: invoicesEndpoints.invoiceList, file: invoicesEndpoints.invoiceExport },
  {
    name: "invoices",
    fields: [
      {
        name: "status",
        kind: "choice",
        options: invoiceStatus.options,
        optionLabels: "invoices.status",
        any: "invoices.search.anyStatus",
      },
      {
        name: "flag",
        kind: "choice",
        options: invoiceFlag.options,
        optionLabels: "invoices.flag",
        any: "invoices.search.anyFlag",
      },
      { name: "appCode", kind: "application" },
      { name: "orderId", kind: "text", code: "id" },
      { name: "startTime", kind: "from" },
      { name: "endTime", kind: "until" },
    ],
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (invoice) => invoice.invoiceId,
    live: true,
  },
);
