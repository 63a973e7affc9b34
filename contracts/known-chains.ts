/** What a chain is called and paid in, and its tokens' standard: product facts, never translated. */
export interface ChainFacts {
  chainId: number | null;
  chainName: string;
  coin: { name: string; symbol: string; decimals: number };
  protocol: string;
}

/** A chain the service can follow, with its USDT contract, and its code on the landing page when it is offered there. */
export interface KnownChain extends ChainFacts {
  usdt: { address: string; decimals: number };
  /** The landing page's network: EVM chains, which the chain adapter reads; null: not offered. */
  landing: "ETH" | "BSC" | null;
}

/**
 * The chains the service can follow, as the public pages and the Currency list name them: one list
 * for the console and the server (server/chain/currency-registry.ts builds the configured chains' currencies on it).
 */
export const knownChains: readonly KnownChain[] = [
  {
    chainId: 1,
    chainName: "Ethereum",
    coin: { name: "Ether", symbol: "ETH", decimals: 18 },
    protocol: "ERC-20",
    usdt: { address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
    landing: "ETH",
  },
  {
    chainId: 56,
    chainName: "BNB Chain",
    coin: { name: "BNB", symbol: "BNB", decimals: 18 },
    protocol: "BEP-20",
    usdt: { address: "0x55d398326f99059fF775485246999027B3197955", decimals: 18 },
    landing: "BSC",
  },
  {
    chainId: null,
    chainName: "TRON",
    coin: { name: "TRON", symbol: "TRX", decimals: 6 },
    protocol: "TRC-20",
    usdt: { address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", decimals: 6 },
    // No chain adapter reads TRON yet: not offered.
    landing: null,
  },
];
