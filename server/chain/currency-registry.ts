import type { Address } from "viem";
import { type ChainFacts, type KnownChain, knownChains } from "../../contracts/known-chains.ts";
import type { ConfiguredChain } from "./configured-chain.ts";
import { devnetChainId } from "./devnet.ts";

const devnetFacts: ChainFacts = {
  chainId: devnetChainId,
  chainName: "Devnet",
  coin: { name: "Devnet Ether", symbol: "ETH", decimals: 18 },
  protocol: "ERC-20",
};

/** The symbol of the only token money is credited in (orders, deposits, withdrawals). */
export const orderCurrency = "USDT";

const isUsdt = (symbol: string) => symbol.toUpperCase() === orderCurrency;

/** The chain's USDT token, as configured: what orders are paid in, deposits credited in and withdrawals sent in. */
export const usdtTokenOf = (chain: ConfiguredChain) => chain.tokens.find((token) => isUsdt(token.symbol));

/** A token of a configured chain, named once for every reader: the watcher, the lists, the pay dialog, the open API. */
export interface RegisteredToken {
  chainId: number;
  /** The chain's `{product}` (Devnet, Eth …). */
  product: string;
  chainName: string;
  name: string;
  symbol: string;
  decimals: number;
  /** The contract, checksummed as configured. */
  address: Address;
  /** `chainId:contract` in lower case: the currency's key (My currencies' rows, transfers' lookup). */
  key: string;
  protocol: string;
  /** USDT: what orders are paid in and deposits are credited in. */
  usdt: boolean;
}

/**
 * The one list of currencies the configured chains carry: built once by the chain layer from what it was
 * configured with (and the devnet's token, known once it runs), and read by the watchers (which contracts to follow),
 * the transfer pricing of orders and deposits, the pay dialog, deposit addresses, the Currency list and My currencies.
 */
export interface CurrencyRegistry {
  chains: readonly ConfiguredChain[];
  /** Every configured chain's tokens, in the chains' order, then each chain's: the Currency list's order. */
  tokens: readonly RegisteredToken[];
  /** Case-insensitive, like the routes: `eth` finds Eth. */
  chainByProduct(product: string): ConfiguredChain | undefined;
  chainById(chainId: number): ConfiguredChain | undefined;
  /** The chain's `{product}` as the wire mappers name it; a chain no longer configured by its id ("Chain 56"). */
  productOf(chainId: number): string;
  /** The token a Transfer log came from, by chain and contract (any case); undefined for a contract not configured. */
  tokenAt(chainId: number, contract: string): RegisteredToken | undefined;
  /** The chain's USDT token: what orders are paid in there. */
  usdtOn(chainId: number): RegisteredToken | undefined;
  /** What a configured chain is called and paid in. */
  factsOf(chain: ConfiguredChain): ChainFacts;
  /** The known chains this server does not follow (the Currency list names them, not configured here). */
  notConfigured: readonly KnownChain[];
}

export const currencyKey = (chainId: number, contract: string) => `${chainId}:${contract.toLowerCase()}`;

/** A configured chain's facts: the known chain of its id, the devnet's, or (another EVM chain) its product name. */
function factsOf(chain: ConfiguredChain): ChainFacts {
  const known = knownChains.find((k) => k.chainId === chain.chainId);
  if (known) return known;
  if (chain.devnet) return devnetFacts;
  return {
    chainId: chain.chainId,
    chainName: chain.product,
    coin: { name: `${chain.product} coin`, symbol: chain.product.toUpperCase(), decimals: 18 },
    protocol: "ERC-20",
  };
}

const tokenName = (symbol: string, devnet: boolean) =>
  isUsdt(symbol) ? (devnet ? "Test Tether USD" : "Tether USD") : symbol;

/** The registry of `chains`, as configured (chain-layer.ts builds it once; tests build theirs from their chains). */
export function currencyRegistry(chains: readonly ConfiguredChain[]): CurrencyRegistry {
  const tokens: RegisteredToken[] = chains.flatMap((chain) => {
    const facts = factsOf(chain);
    return chain.tokens.map((token) => ({
      chainId: chain.chainId,
      product: chain.product,
      chainName: facts.chainName,
      name: tokenName(token.symbol, chain.devnet),
      symbol: token.symbol,
      decimals: token.decimals,
      address: token.address,
      key: currencyKey(chain.chainId, token.address),
      protocol: facts.protocol,
      usdt: isUsdt(token.symbol),
    }));
  });
  const byKey = new Map(tokens.map((token) => [token.key, token]));
  return {
    chains,
    tokens,
    chainByProduct: (product) => chains.find((c) => c.product.toLowerCase() === product.toLowerCase()),
    chainById: (chainId) => chains.find((c) => c.chainId === chainId),
    productOf: (chainId) => chains.find((c) => c.chainId === chainId)?.product ?? `Chain ${chainId}`,
    tokenAt: (chainId, contract) => byKey.get(currencyKey(chainId, contract)),
    usdtOn: (chainId) => tokens.find((t) => t.chainId === chainId && t.usdt),
    factsOf,
    notConfigured: knownChains.filter((known) => !chains.some((chain) => chain.chainId === known.chainId)),
  };
}
