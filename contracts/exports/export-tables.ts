import type { DownloadEndpointName, ResultOf } from "../endpoints.ts";
import { billExportTable } from "./bills.ts";
import { callbackExportTable } from "./callbacks.ts";
import type { ExportTable } from "./export-columns.ts";
import { invoiceExportTable } from "./invoices.ts";
import { orderExportTable } from "./orders.ts";
import { rechargeExportTable } from "./recharges.ts";
import { transactionExportTable } from "./transactions.ts";
import { withdrawalExportTable } from "./withdrawals.ts";

/**
 * Every download's columns (export-columns.ts), by its endpoint: a new list's export without its table fails the
 * typecheck here.
 */
export const exportTables: { [N in DownloadEndpointName]: ExportTable<ResultOf<N>> } = {
  billExport: billExportTable,
  callbackExport: callbackExportTable,
  invoiceExport: invoiceExportTable,
  orderExport: orderExportTable,
  rechargeExport: rechargeExportTable,
  transactionExport: transactionExportTable,
  withdrawalExport: withdrawalExportTable,
};
