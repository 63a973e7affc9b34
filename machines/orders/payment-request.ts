/**
 * USDT amounts are decimal strings on the wire (never JavaScript numbers): these helpers compare them and turn them
 * into a token's base units with bigint, exactly.
 */

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/**
 * The amount in base units of a token with `decimals` decimals. A fraction finer than the token can carry is
 * rounded up, so a wallet paying the result never pays less than asked.
 */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const match = decimalPattern.exec(amount.trim());
  if (!match || !Number.isInteger(decimals) || decimals < 0)
    throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const whole = match[1] ?? "0";
  const fraction = match[2] ?? "";
  const kept = fraction.slice(0, decimals).padEnd(decimals, "0");
  const units = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(kept || "0");
  return /[1-9]/.test(fraction.slice(decimals)) ? units + 1n : units;
}

/** Enough decimals for any amount of the contract (usdtAmount allows 18). */
const compareScale = 18;

/** −1, 0 or 1 as `a` is below, equal to or above `b`; a signed amount (a balance may go negative) is allowed for `a`. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const value = (text: string) => {
    const negative = text.trim().startsWith("-");
    const units = toBaseUnits(negative ? text.trim().slice(1) : text, compareScale);
    return negative ? -units : units;
  };
  const x = value(a);
  const y = value(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isPositiveAmount = (amount: string): boolean => compareAmounts(amount, "0") > 0;

/**
 * An EIP-681 payment request for an ERC-20 transfer, which wallet apps read from a QR code:
 * `ethereum:<token>@<chainId>/transfer?address=<recipient>&uint256=<base units>`.
 */
export function erc20TransferUri(request: {
  token: string;
  chainId: number;
  recipient: string;
  amount: string;
  decimals: number;
}): string {
  const units = toBaseUnits(request.amount, request.decimals);
  return `ethereum:${request.token}@${request.chainId}/transfer?address=${request.recipient}&uint256=${units.toString()}`;
}
