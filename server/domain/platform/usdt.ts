/**
 * USDT amounts, exactly: decimal strings on the wire and in numeric columns, bigint "atto" units (10^-18, the ledger's
 * scale) in between. Never a JavaScript number.
 */
export const usdtScale = 18;
const unit = 10n ** BigInt(usdtScale);

/** "29", "29.000000", "-6.5" (what numeric columns answer) → atto units. More than 18 decimals is an error. */
export function toAtto(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a decimal amount`);
  const [, minus, whole, fraction = ""] = match;
  const digits = fraction.replace(/0+$/, "");
  if (digits.length > usdtScale) throw new Error(`"${text}" has more than ${usdtScale} decimals`);
  const value = BigInt(whole!) * unit + BigInt(digits.padEnd(usdtScale, "0") || "0");
  return minus ? -value : value;
}

/** Atto units → the shortest exact decimal string ("29", "6.5", "-0.000001"). */
export function fromAtto(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(usdtScale, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

const decimalText = /^(-)?0*(\d*?)(?:\.(\d*?)0*)?$/;

/**
 * Normalises a numeric column's text ("29.000000" → "29", "-0.50" → "-0.5", "-0.000" → "0"): what `fromAtto(toAtto(…))`
 * gives, by the digits alone. Every list and export row calls it several times; through bigints it was a tenth of an
 * export's time.
 */
export function usdtText(numeric: string | null | undefined): string {
  const text = (numeric ?? "0").trim();
  const match = decimalText.exec(text);
  if (!match || !/^-?\d/.test(text)) throw new Error(`"${text}" is not a decimal amount`);
  const [, minus, whole, fraction = ""] = match;
  if (fraction.length > usdtScale) throw new Error(`"${text}" has more than ${usdtScale} decimals`);
  if (!whole && !fraction) return "0";
  return `${minus ?? ""}${whole || "0"}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Token base units → atto units with the token's decimals, exactly up to 18 decimals; a token with more loses the
 * digits below 10^-18 (rounded down: never more than arrived).
 */
export function unitsToAtto(units: bigint, decimals: number): bigint {
  return decimals <= usdtScale
    ? units * 10n ** BigInt(usdtScale - decimals)
    : units / 10n ** BigInt(decimals - usdtScale);
}

/** Atto units → token base units, rounded up (a payment of this many units covers the amount). */
export function attoToUnits(atto: bigint, decimals: number): bigint {
  if (decimals >= usdtScale) return atto * 10n ** BigInt(decimals - usdtScale);
  const step = 10n ** BigInt(usdtScale - decimals);
  return (atto + step - 1n) / step;
}

export const maxAtto = (a: bigint, b: bigint) => (a > b ? a : b);
export const minAtto = (a: bigint, b: bigint) => (a < b ? a : b);
