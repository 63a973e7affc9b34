/**
 * Decimal strings ⇄ integer base units, exactly (no float ever holds an amount). USDT has 6 decimals:
 * "12.5" ⇄ 12_500_000n. More fraction digits than the token has is an error, never a rounding.
 */
export function parseTokenAmount(text: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not an amount: write digits with an optional decimal point, such as 12.5`);
  const [, whole, fraction = ""] = match;
  if (fraction.length > decimals)
    throw new Error(`"${text}" has ${fraction.length} decimals; this token has ${decimals}`);
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
}

export function formatTokenAmount(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
