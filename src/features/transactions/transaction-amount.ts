import { formatUsdt } from "../../i18n/format.ts";

/** A signed movement: credits marked with a plus, debits with the minus they carry. */
export function signedUsdt(amount: string, language: string): string {
  return amount.startsWith("-") ? formatUsdt(amount, language) : `+${formatUsdt(amount, language)}`;
}

/** "1 / 2": the confirmations of the record's transaction of those its chain asks; null when none is mined for it. */
export function confirmationsText(
  t: (key: "transactions.confirmationsCount", values: { confirmations: number; required: number }) => string,
  record: { confirmations: number | null; requiredConfirmations: number | null },
): string | null {
  if (record.confirmations === null || record.requiredConfirmations === null) return null;
  return t("transactions.confirmationsCount", {
    confirmations: record.confirmations,
    required: record.requiredConfirmations,
  });
}
