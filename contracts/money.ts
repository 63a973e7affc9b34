/**
 * Money, exactly, for the console's machines and the server alike: decimal strings on the wire and in numeric
 * columns ("29", "-6.5", "0.000001"), bigint base units in between, never a JavaScript number. One rounding rule: a
 * string with more (non-zero) decimals than the token carries is refused; the caller who wants it rounded says which
 * way (`up`: a payment of the result covers the amount; `truncate`: what is shown or credited never exceeds it).
 */

/** How to treat digits finer than the token carries: refused unless the caller names a direction (of the magnitude). */
export type Rounding = "up" | "truncate";

export interface ParseOptions {
  /** A leading "-" is allowed (a balance, a ledger line); otherwise it is refused, as the wire's amounts are. */
  signed?: boolean;
  rounding?: Rounding;
}

const amountPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

function checkDecimals(decimals: number) {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`${decimals} is not a number of decimals`);
}

/** A decimal string → base units of a token with `decimals` decimals: "12.5" at 6 → 12_500_000n. */
export function parseAmount(text: string, decimals: number, options: ParseOptions = {}): bigint {
  checkDecimals(decimals);
  const match = amountPattern.exec(text.trim());
  if (!match || (match[1] && !options.signed))
    throw new RangeError(`"${text}" is not an amount: write digits with an optional decimal point, such as 12.5`);
  const [, minus, whole, fraction = ""] = match;
  const finer = fraction.slice(decimals);
  let units =
    BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, "0") || "0");
  if (/[1-9]/.test(finer)) {
    if (!options.rounding)
      throw new RangeError(`"${text}" has ${fraction.replace(/0+$/, "").length} decimals; this token has ${decimals}`);
    if (options.rounding === "up") units += 1n;
  }
  return minus ? -units : units;
}

export interface FormatOptions {
  /** Keep at most this many decimals, cutting the rest off (toward zero): for display only, asked for by name. */
  truncateTo?: number;
}

/** Base units → the shortest exact decimal string ("12.5", "0", "-0.000001"); `parseAmount` reads it back. */
export function formatAmount(units: bigint, decimals: number, options: FormatOptions = {}): string {
  checkDecimals(decimals);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (options.truncateTo !== undefined) fraction = fraction.slice(0, Math.max(0, options.truncateTo));
  fraction = fraction.replace(/0+$/, "");
  const sign = negative && (/[1-9]/.test(whole) || fraction) ? "-" : "";
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Base units of one token's decimals in another's: `up` or `truncate` names where a finer digit goes. */
export function rescaleUnits(units: bigint, from: number, to: number, rounding: Rounding): bigint {
  checkDecimals(from);
  checkDecimals(to);
  if (to >= from) return units * 10n ** BigInt(to - from);
  const step = 10n ** BigInt(from - to);
  const kept = units / step;
  if (rounding === "truncate" || kept * step === units) return kept;
  return units < 0n ? kept - 1n : kept + 1n;
}

/**
 * The ledger's and the wire's scale: USDT amounts carry up to 18 decimals (`usdtAmount`), held as "atto" units
 * (10^-18). What the console adds and compares, and what the ledger books.
 */
export const usdtScale = 18;

/** A signed decimal string (what numeric columns answer: "29.000000", "-6.5") → atto units. */
export const toAtto = (text: string): bigint => parseAmount(text, usdtScale, { signed: true });

/** Atto units → the shortest exact decimal string ("29", "6.5", "-0.000001"). */
export const fromAtto = (atto: bigint): string => formatAmount(atto, usdtScale);

/** A token's base units → atto units; a token finer than 18 decimals loses its last digits (never more than arrived). */
export const unitsToAtto = (units: bigint, decimals: number): bigint =>
  rescaleUnits(units, decimals, usdtScale, "truncate");

/** Atto units → a token's base units, rounded up: a payment of this many units covers the amount. */
export const attoToUnits = (atto: bigint, decimals: number): bigint => rescaleUnits(atto, usdtScale, decimals, "up");

export const maxAtto = (a: bigint, b: bigint): bigint => (a > b ? a : b);
export const minAtto = (a: bigint, b: bigint): bigint => (a < b ? a : b);

const decimalText = /^(-)?0*(\d*?)(?:\.(\d*?)0*)?$/;

/**
 * A numeric column's text in its shortest form ("29.000000" → "29", "-0.50" → "-0.5", "-0.000" → "0"): what
 * `fromAtto(toAtto(…))` gives, by the digits alone. Every list and export row calls it several times; through bigints
 * it was a tenth of an export's time.
 */
export function usdtText(numeric: string | null | undefined): string {
  const text = (numeric ?? "0").trim();
  const match = decimalText.exec(text);
  if (!match || !/^-?\d/.test(text) || text.endsWith("."))
    throw new RangeError(`"${text}" is not an amount: write digits with an optional decimal point, such as 12.5`);
  const [, minus, whole, fraction = ""] = match;
  if (fraction.length > usdtScale) throw new RangeError(`"${text}" has ${fraction.length} decimals; this token has 18`);
  if (!whole && !fraction) return "0";
  return `${minus ?? ""}${whole || "0"}${fraction ? `.${fraction}` : ""}`;
}

/** −1, 0 or 1 as `a` is below, equal to or above `b` (decimal strings of any sign, up to 18 decimals). */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = [toAtto(a), toAtto(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isPositiveAmount = (amount: string): boolean => toAtto(amount) > 0n;

export const addAmounts = (...amounts: readonly string[]): string =>
  fromAtto(amounts.reduce((total, amount) => total + toAtto(amount), 0n));

export const subtractAmounts = (a: string, b: string): string => fromAtto(toAtto(a) - toAtto(b));

/** `a − b`, or "0" when `b` covers `a`. */
export function amountLeft(a: string, b: string): string {
  const left = toAtto(a) - toAtto(b);
  return left > 0n ? fromAtto(left) : "0";
}
