import { addAmounts } from "../money.ts";
import { ledgerAccountKinds, type TransactionRecord } from "../schemas/transactions.ts";
import { coded, currency, type ExportColumn, type ExportTable, shown, utcTime } from "./export-columns.ts";
import { movementState } from "./movement-state.ts";

/**
 * The journal's lines as columns, one an account ("Ledger: Your balance" …), each what the movement posted to it,
 * signed, empty where it posted nothing: a column per account sums in a spreadsheet, a list of lines in one cell does not.
 */
const ledgerColumns: ExportColumn<TransactionRecord>[] = ledgerAccountKinds.map((account) => ({
  key: `ledger.${account}`,
  header: (say) => say("listExport.ledgerLine", { account: say(`transactions.account.${account}`) }),
  cell: (record) => {
    const posted = record.lines.filter((line) => line.account === account);
    return posted.length === 0 ? null : addAmounts(...posted.map((line) => line.amount));
  },
}));

/** Transaction records' export: the list's columns (src/features/transactions/transaction-table.tsx), then its ledger. */
export const transactionExportTable: ExportTable<TransactionRecord> = [
  utcTime("transactions.columns.createdAt", (r) => r.createdAt),
  // What the screen calls the movement ("Recharge"), and its code ("unmatched") beside it.
  ...coded<TransactionRecord>(
    "transactions.columns.kind",
    (r) => r.kind,
    (kind) => `transactions.kind.${kind}`,
  ),
  shown("transactions.columns.amount", (r) => r.amount),
  currency(() => "USDT"),
  shown("transactions.columns.state", (r, say) => movementState(say, r)),
  shown("transactions.columns.orderCode", (r) => r.orderCode),
  shown("transactions.columns.chain", (r) => r.chain),
  shown("transactions.columns.txHash", (r) => r.txHash),
  shown("transactions.columns.blockNumber", (r) => r.blockNumber),
  shown("transactions.columns.confirmations", (r, say) =>
    r.confirmations === null || r.requiredConfirmations === null
      ? null
      : say("transactions.confirmationsCount", { confirmations: r.confirmations, required: r.requiredConfirmations }),
  ),
  ...coded<TransactionRecord>(
    "transactions.columns.withdrawalStatus",
    (r) => r.withdrawalStatus,
    (status) => `withdrawals.status.${status}`,
  ),
  shown("transactions.details.id", (r) => r.id),
  ...ledgerColumns,
];
