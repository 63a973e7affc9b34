import type { Currency, CurrencyListResult } from "../../../contracts/schemas/chains.ts";
import type { ChainLayer, ConfiguredChain } from "../../chain/chain-layer.ts";
import { devnetChainId } from "../../chain/devnet.ts";

/** What a chain is called and paid in, and its tokens' standard: product facts, never translated. */
interface ChainFacts {
  chainId: number | null;
  chainName: string;
  coin: { name: string; symbol: string; decimals: number };
  protocol: string;
}

/** Chains the service can follow, as the public pages name them; a chain configured here by its id is one of them. */
const knownChains: readonly (ChainFacts & { usdt: { address: string; decimals: number } })[] = [
  {
    chainId: 1,
    chainName: "Ethereum",
    coin: { name: "Ether", symbol: "ETH", decimals: 18 },
    protocol: "ERC-20",
    usdt: { address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
  },
  {
    chainId: 56,
    chainName: "BNB Chain",
    coin: { name: "BNB", symbol: "BNB", decimals: 18 },
    protocol: "BEP-20",
    usdt: { address: "0x55d398326f99059fF775485246999027B3197955", decimals: 18 },
  },
  {
    chainId: null,
    chainName: "TRON",
    coin: { name: "TRON", symbol: "TRX", decimals: 6 },
    protocol: "TRC-20",
    usdt: { address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", decimals: 6 },
  },
];

const devnetFacts: ChainFacts = {
  chainId: devnetChainId,
  chainName: "Devnet",
  coin: { name: "Devnet Ether", symbol: "ETH", decimals: 18 },
  protocol: "ERC-20",
};

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

const tetherName = (symbol: string, devnet: boolean) =>
  symbol.toUpperCase() === "USDT" ? (devnet ? "Test Tether USD" : "Tether USD") : symbol;

/** A configured chain's token as the lists name it: its name, its contract and the chain's token standard. */
const namedToken = (chain: ConfiguredChain, facts: ChainFacts, token: ConfiguredChain["tokens"][number]) => ({
  name: tetherName(token.symbol, chain.devnet),
  symbol: token.symbol,
  decimals: token.decimals,
  contractAddress: token.address as string,
  protocol: facts.protocol,
});

/**
 * Every configured chain's tokens, named as the Currency list names them, in its order (My currencies, issue 42: the
 * currencies a merchant can accept).
 */
export function configuredTokens(layer: ChainLayer | null) {
  return (layer?.chains ?? []).flatMap((chain) => {
    const facts = factsOf(chain);
    return chain.tokens.map((token) => ({
      ...namedToken(chain, facts, token),
      chainName: facts.chainName,
      chainId: chain.chainId,
    }));
  });
}

/** A configured chain's main coin and tokens, active, arriving after its confirmations at its blocks' pace. */
async function configuredRows(layer: ChainLayer, chain: ConfiguredChain): Promise<Currency[]> {
  const facts = factsOf(chain);
  const seconds = await layer.blockSeconds(chain.chainId);
  const arrivalSeconds = seconds === null ? null : Math.round(chain.confirmations * seconds * 10) / 10;
  const shared = {
    chainName: facts.chainName,
    chainUnit: facts.coin.symbol,
    chainId: chain.chainId,
    status: "active" as const,
    confirmations: chain.confirmations,
    arrivalSeconds,
  };
  return [
    { ...shared, ...facts.coin, contractAddress: null, type: "main", protocol: null },
    ...chain.tokens.map((token) => ({ ...shared, ...namedToken(chain, facts, token), type: "token" as const })),
  ];
}

/** A chain this server does not follow: its main coin and USDT, listed as not configured here. */
function unconfiguredRows(chain: (typeof knownChains)[number]): Currency[] {
  const shared = {
    chainName: chain.chainName,
    chainUnit: chain.coin.symbol,
    chainId: chain.chainId,
    status: "notConfigured" as const,
    confirmations: null,
    arrivalSeconds: null,
  };
  return [
    { ...shared, ...chain.coin, contractAddress: null, type: "main", protocol: null },
    {
      ...shared,
      name: "Tether USD",
      symbol: "USDT",
      decimals: chain.usdt.decimals,
      contractAddress: chain.usdt.address,
      type: "token",
      protocol: chain.protocol,
    },
  ];
}

/**
 * The Currency list (issue 42): every configured chain's main coin and tokens first, each with its arrival time
 * measured from the chain's recent blocks, then the known chains this server does not follow. The same for every
 * merchant: what the service carries, not what a merchant holds.
 */
export async function currencyList(layer: ChainLayer | null): Promise<CurrencyListResult> {
  const chains = layer?.chains ?? [];
  const configured = layer ? await Promise.all(chains.map((chain) => configuredRows(layer, chain))) : [];
  const others = knownChains.filter((known) => !chains.some((chain) => chain.chainId === known.chainId));
  return { items: [...configured.flat(), ...others.flatMap(unconfiguredRows)] };
}
