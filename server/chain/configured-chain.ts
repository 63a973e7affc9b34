import type { Address } from "viem";

/** A chain the server follows, as the orders domain sees it (the pay dialog's choices, GetUserWallet's `{product}`). */
export interface ConfiguredChain {
  product: string;
  chainId: number;
  rpcUrl: string;
  /** More backends of the chain (CHAINS' `moreRpcUrls`). */
  moreRpcUrls?: readonly string[];
  tokens: { symbol: string; address: Address; decimals: number }[];
  confirmations: number;
  devnet: boolean;
  /** The deposit-forwarder factory deposit addresses are computed under (CHAINS' `depositFactory`; deployed on the devnet). */
  depositFactory?: Address;
}
