import type { OpenWithdrawal } from "../schemas/open-api.ts";
import { codeOf, currency, type ExportTable, shown, utcTime } from "./export-columns.ts";

/** My wallet's withdrawals exported: the list's columns (src/features/wallet/withdrawal-table.tsx), codes beside. */
export const withdrawalExportTable: ExportTable<OpenWithdrawal> = [
  utcTime("withdrawals.columns.createdAt", (w) => w.createdAt),
  shown("withdrawals.columns.amount", (w) => w.amount),
  shown("withdrawals.columns.fee", (w) => w.fee),
  // The balance is kept in USDT, as the list names it: both amounts are in it.
  currency(() => "USDT"),
  shown("withdrawals.columns.to", (w) => w.to),
  // The state, and what a requested withdrawal waits for, which the list shows under it.
  shown("withdrawals.columns.status", (w, say) =>
    [say(`withdrawals.status.${w.status}`), ...(w.waiting ? [say(`withdrawals.waiting.${w.waiting}`)] : [])].join(
      " · ",
    ),
  ),
  codeOf("withdrawals.columns.status", (w) => w.status),
  shown("withdrawals.columns.txHash", (w) => w.txHash),
];
