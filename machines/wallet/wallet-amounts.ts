import { amountLeft, fromAtto, toAtto } from "../../contracts/money.ts";

/** What the withdraw form takes as an amount: what the wire's `usdtAmount` allows. */
const amountPattern = /^\d{1,20}(\.\d{1,18})?$/;

/** What a withdrawal of `amount` costs and brings, before it is confirmed; null while the amount is not one yet. */
export interface WithdrawalPreview {
  /** Taken from the balance: the amount and the fee. */
  debit: string;
  /** What reaches the destination. */
  arrives: string;
  /** The balance does not cover the debit. */
  overBalance: boolean;
  /** The amount is above what is left of the day's limit (fees are not counted against it). */
  overDailyLimit: boolean;
}

export function withdrawalPreview(
  amount: string,
  fee: string,
  available: string,
  dailyLeft: string,
): WithdrawalPreview | null {
  const text = amount.trim();
  if (!amountPattern.test(text) || toAtto(text) === 0n) return null;
  const debit = toAtto(text) + toAtto(fee);
  return {
    debit: fromAtto(debit),
    arrives: fromAtto(toAtto(text)),
    overBalance: debit > toAtto(available),
    overDailyLimit: toAtto(text) > toAtto(dailyLeft),
  };
}

/** The most that can be withdrawn: the available balance less the fee, or "0" when the fee takes it all. */
export const allOf = (available: string, fee: string): string => amountLeft(available, fee);
