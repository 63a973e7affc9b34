import type { RechargeBill } from "../schemas/recharges.ts";
import { coded, currency, type ExportTable, shown, utcTime } from "./export-columns.ts";

/** Recharge bills' export: the list's columns (src/features/recharges/recharge-table.tsx), its codes beside them. */
export const rechargeExportTable: ExportTable<RechargeBill> = [
  utcTime("recharges.columns.payTime", (r) => r.payTime),
  shown("recharges.columns.amount", (r) => r.amount),
  currency((r) => r.currency),
  // "Recharge" where the screen says so; the code ("unmatched") only in its own column.
  ...coded<RechargeBill>(
    "recharges.columns.reason",
    (r) => r.reason,
    (reason) => `recharges.reason.${reason}`,
  ),
  ...coded<RechargeBill>(
    "recharges.statusLabel",
    (r) => r.status,
    (status) => `recharges.status.${status}`,
    "status",
  ),
  shown("recharges.columns.orderCode", (r) => r.orderCode),
  shown("recharges.columns.chain", (r) => r.chain),
  shown("recharges.columns.paymentAddress", (r) => r.paymentAddress),
  shown("recharges.columns.fromAddress", (r) => r.fromAddress),
  shown("recharges.columns.txHash", (r) => r.txHash),
  shown("recharges.columns.billNo", (r) => r.billNo),
];
