import { attoToUnits, toAtto } from "../../../contracts/money.ts";

/**
 * EIP-681: a transfer of `amount` USDT of `token` on chain `chainId` to `address`, in the token's base units. The
 * amount goes through bigints only, rounded up to the token's decimals: a wallet never pre-fills less than is due.
 */
export function paymentUriOf(payment: {
  token: string;
  chainId: number;
  address: string;
  amount: string;
  decimals: number;
}): string {
  const units = attoToUnits(toAtto(payment.amount), payment.decimals);
  return `ethereum:${payment.token}@${payment.chainId}/transfer?address=${payment.address}&uint256=${units}`;
}

const addedParams = ["invoiceId", "status"];

/**
 * The merchant's redirect URL with the invoice's id and status in its query. The merchant's own parameters are kept as
 * they were written (a URLSearchParams round trip would re-encode them); earlier `invoiceId` or `status` ones are
 * replaced, so the shop reads one of each.
 */
export function returnUrlOf(redirectUrl: string, invoiceId: string, status: string): string {
  const url = new URL(redirectUrl);
  const named = (part: string) => {
    const name = part.split("=", 1)[0]!;
    try {
      return decodeURIComponent(name.replaceAll("+", " "));
    } catch {
      return name;
    }
  };
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((part) => part !== "" && !addedParams.includes(named(part)));
  const ours = new URLSearchParams({ invoiceId, status }).toString();
  url.search = `?${[...kept, ours].join("&")}`;
  return url.href;
}
