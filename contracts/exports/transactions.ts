import { ledgerAccountKinds, type TransactionRecord } from "../schemas/transactions.ts";
import { coded, currency, type ExportColumn, type ExportTable, shown, utcTime } from "./export-columns.ts";
import { movementState } from "./movement-state.ts";

const scale = 18;

/** A signed decimal string in units of 10⁻¹⁸, exactly (never a JavaScript number). */
function unitsOf(amount: string): bigint {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = amount.replace(/^-/, "").split(".");
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, "0").slice(0, scale) || "0");
  return negative ? -units : units;
}

function textOf(units: bigint): string {
  const size = units < 0n ? -units : units;
  const whole = size / 10n ** BigInt(scale);
  const fraction = (size % 10n ** BigInt(scale)).toString().padStart(scale, "0").replace(/0+$/, "");
  return `${units < 0n ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * The journal's lines as columns, one an account ("Ledger: Your balance" …), each what the movement posted to it,
 * signed, empty where it posted nothing: a column per account sums in a spreadsheet, a list of lines in one cell does not.
 */
const ledgerColumns: ExportColumn<TransactionRecord>[] = ledgerAccountKinds.map((account) => ({
  key: `ledger.${account}`,
  header: (say) => say("listExport.ledgerLine", { account: say(`transactions.account.${account}`) }),
  cell: (record) => {
    const posted = record.lines.filter((line) => line.account === account);
    return posted.length === 0 ? null : textOf(posted.reduce((sum, line) => sum + unitsOf(line.amount), 0n));
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
