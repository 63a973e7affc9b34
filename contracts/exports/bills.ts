import type { AppBill } from "../schemas/bills.ts";
import { codeOf, coded, currency, type ExportTable, shown, utcTime } from "./export-columns.ts";

/**
 * Application bills' export: the list's columns (src/features/bills/bill-table.tsx), addresses and hashes whole where
 * the list shortens them, the codes beside the labels.
 */
export const billExportTable: ExportTable<AppBill> = [
  shown("bills.columns.billNo", (b) => b.billNo),
  shown("bills.columns.application", (b) => b.appName),
  codeOf("bills.columns.application", (b) => b.appCode),
  shown("bills.columns.endUserId", (b) => b.endUserId),
  shown("bills.columns.fromAddress", (b) => b.fromAddress),
  shown("bills.columns.toAddress", (b) => b.toAddress),
  shown("bills.columns.amount", (b) => b.amount),
  currency((b) => b.currency),
  shown("bills.columns.chainProtocol", (b) => `${b.chain} / ${b.protocol}`),
  shown("bills.columns.blockNumber", (b) => b.blockNumber),
  shown("bills.columns.txHash", (b) => b.txHash),
  utcTime("bills.columns.payTime", (b) => b.payTime),
  // The state, and its confirmations while it confirms, which the list shows beside it.
  shown("bills.columns.status", (b, say) =>
    b.status === "confirming"
      ? `${say(`bills.status.${b.status}`)} · ${say("bills.confirmations", {
          confirmations: Math.min(b.confirmations, b.required),
          required: b.required,
        })}`
      : say(`bills.status.${b.status}`),
  ),
  codeOf("bills.columns.status", (b) => b.status),
  ...coded<AppBill>(
    "bills.columns.noticeStatus",
    (b) => b.noticeStatus,
    (notice) => `bills.notice.${notice}`,
  ),
  shown("bills.columns.collectionAmount", (b) => b.collectionAmount),
  shown("bills.columns.deliveryAddress", (b) => b.deliveryAddress),
  shown("bills.columns.transferAmount", (b) => b.transferAmount),
];
