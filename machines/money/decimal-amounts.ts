import { toBaseUnits } from "../orders/payment-request.ts";

/**
 * USDT amounts as the wire has them (decimal strings, up to 18 decimals), added and taken apart exactly with bigint at
 * 18 decimals: never a JavaScript number.
 */
const scale = 18;

export const unitsOf = (amount: string): bigint => toBaseUnits(amount, scale);

/** The decimal string of `units` at 18 decimals, without trailing zeros ("1.5", "0", "29"). */
export function textOf(units: bigint): string {
  const whole = units / 10n ** BigInt(scale);
  const fraction = (units % 10n ** BigInt(scale)).toString().padStart(scale, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** `a − b`, or "0" when `b` covers `a`. */
export function amountLeft(a: string, b: string): string {
  const left = unitsOf(a) - unitsOf(b);
  return left > 0n ? textOf(left) : "0";
}
