import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import { TransferRefused } from "../../chain/listener.ts";
import type { StoredTransfer } from "../../chain/store.ts";
import { fromAtto, unitsToAtto } from "../../../contracts/money.ts";

/** More than all the USDT there is (about 2 × 10^11): a transfer above it is not credited but quarantined. */
export const maxTransferAtto = 10n ** 12n * 10n ** 18n;

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
export function priceTransfer(currencies: CurrencyRegistry, t: StoredTransfer): PricedTransfer | null {
  const token = currencies.tokenAt(t.chainId, t.token);
  const chain = currencies.chainById(t.chainId);
  if (!chain || !token?.usdt) return null;
  const amount = unitsToAtto(t.amount, token.decimals);
  if (amount > maxTransferAtto)
    throw new TransferRefused(`amount out of range: ${fromAtto(amount)} USDT is more than exists`);
  return { chain, amount, decimals: token.decimals, symbol: token.symbol };
}
