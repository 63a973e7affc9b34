import type { TransactionRecord } from "../schemas/transactions.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * A movement's state in its row: a withdrawal's step, and its confirmations while they count ("Sent · 1 /
 * 3 confirmations"); null when there is nothing to follow (a ledger movement, settled).
 */
export function movementState(t: Translate, record: TransactionRecord): string | null {
  const parts: string[] = [];
  if (record.withdrawalStatus) parts.push(t(`withdrawals.status.${record.withdrawalStatus}`));
  const { confirmations, requiredConfirmations: required } = record;
  if (confirmations !== null && required !== null && confirmations < required)
    parts.push(t("transactions.confirmationsCount", { confirmations, required }));
  return parts.length > 0 ? parts.join(" · ") : null;
}
