import type { EndpointName } from "../endpoints.ts";
import { billExportTable } from "./bills.ts";
import { callbackExportTable } from "./callbacks.ts";
import type { ExportTable } from "./export-columns.ts";
import { rechargeExportTable } from "./recharges.ts";
import { transactionExportTable } from "./transactions.ts";
import { withdrawalExportTable } from "./withdrawals.ts";

/**
 * The exports written as their lists read (export-columns.ts), by download endpoint. An export not listed here still
 * writes its row's wire fields under their names (issue 68 item 9: to be moved here one list at a time).
 */
export const exportTables: Partial<Record<EndpointName, ExportTable<never>>> = {
  billExport: billExportTable,
  callbackExport: callbackExportTable,
  transactionExport: transactionExportTable,
  rechargeExport: rechargeExportTable,
  withdrawalExport: withdrawalExportTable,
};
