import { parseAmount } from "./money.ts";

/**
 * An EIP-681 payment request for an ERC-20 transfer, which wallet apps read from a QR code:
 * `ethereum:<token>@<chainId>/transfer?address=<recipient>&uint256=<base units>`. An amount finer than the token can
 * carry is rounded up, so a wallet paying it never pays less than asked.
 */
export function erc20TransferUri(request: {
  token: string;
  chainId: number;
  recipient: string;
  amount: string;
  decimals: number;
}): string {
  const units = parseAmount(request.amount, request.decimals, { rounding: "up" });
  return `ethereum:${request.token}@${request.chainId}/transfer?address=${request.recipient}&uint256=${units.toString()}`;
}
