import type { Address } from "viem";

/** A token a chain is configured with (CHAINS' `tokens`). */
export interface ChainToken {
  symbol: string;
  address: Address;
  decimals: number;
}

/** A chain the server follows, as the orders domain sees it (the pay dialog's choices, GetUserWallet's `{product}`). */
export interface ConfiguredChain {
  product: string;
  chainId: number;
  rpcUrl: string;
  /** More backends of the chain (CHAINS' `moreRpcUrls`). */
  moreRpcUrls?: readonly string[];
  tokens: ChainToken[];
  confirmations: number;
  devnet: boolean;
  /** The deposit-forwarder factory deposit addresses are computed under (CHAINS' `depositFactory`; deployed on the devnet). */
  depositFactory?: Address;
  /** A block explorer's address (CHAINS' `explorerUrl`); none on the devnet. */
  explorerUrl?: string;
}

/** A transaction on its chain's explorer, or null when the chain has none configured. */
export const explorerTxUrl = (
  chain: Pick<ConfiguredChain, "explorerUrl"> | undefined,
  txHash: string,
): string | null => (chain?.explorerUrl ? `${chain.explorerUrl.replace(/\/+$/, "")}/tx/${txHash}` : null);

/**
 * A chain by its id and its `{product}` (a deposit address's chain; the wire mappers name chains through the currency
 * registry's `productOf`). An area that needs more of a chain picks it from `ConfiguredChain`, never writes it out again.
 */
export type NamedChain = Pick<ConfiguredChain, "chainId" | "product">;
