import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { TransferRefused } from "../../chain/listener.ts";
import type { StoredTransfer } from "../../chain/store.ts";
import { fromAtto, unitsToAtto } from "../platform/usdt.ts";

/** More than all the USDT there is (about 2 × 10^11): a transfer above it is not credited but quarantined. */
export const maxTransferAtto = 10n ** 12n * 10n ** 18n;

/** The symbol of the only token money is credited in. Other configured tokens are not priced: their transfers are ignored. */
export const orderCurrency = "USDT";

export interface PricedTransfer {
  chain: ConfiguredChain;
  /** Its value in atto USDT, as the ledger credits it. */
  amount: bigint;
  decimals: number;
  /** The token's symbol as configured (checked against the contract at start). */
  symbol: string;
}

/**
 * The transfer's USDT value, or null when it is not a USDT token of a configured chain (a Transfer from any other
 * contract). Past `maxTransferAtto` it is refused: the watcher quarantines it (chain/watcher-steps.ts) and goes on.
 */
export function priceTransfer(chains: readonly ConfiguredChain[], t: StoredTransfer): PricedTransfer | null {
  const chain = chains.find((c) => c.chainId === t.chainId);
  const token = chain?.tokens.find((k) => k.address.toLowerCase() === t.token.toLowerCase());
  if (!chain || !token || token.symbol.toUpperCase() !== orderCurrency) return null;
  const amount = unitsToAtto(t.amount, token.decimals);
  if (amount > maxTransferAtto)
    throw new TransferRefused(`amount out of range: ${fromAtto(amount)} USDT is more than exists`);
  return { chain, amount, decimals: token.decimals, symbol: token.symbol };
}
