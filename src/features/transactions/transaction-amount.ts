import { formatUsdt } from "../../i18n/format.ts";

/** A signed movement: credits marked with a plus, debits with the minus they carry. */
export function signedUsdt(amount: string, language: string): string {
  return amount.startsWith("-") ? formatUsdt(amount, language) : `+${formatUsdt(amount, language)}`;
}
