import type { Currency, CurrencyListResult } from "../../../contracts/schemas/currencies.ts";
import type { ChainLayer, ConfiguredChain } from "../../chain/chain-layer.ts";
import { type KnownChain, knownChains } from "../../../contracts/known-chains.ts";
import type { RegisteredToken } from "../../chain/currency-registry.ts";

/** A registered token as the lists name it: its name, its contract and the chain's token standard. */
const namedToken = (token: RegisteredToken) => ({
  name: token.name,
  symbol: token.symbol,
  decimals: token.decimals,
  contractAddress: token.address as string,
  protocol: token.protocol,
});

/**
 * Every configured chain's tokens, named as the Currency list names them, in its order (My currencies: the
 * currencies a merchant can accept), each credited or not as there (only USDT is).
 */
export function configuredTokens(layer: ChainLayer | null) {
  return (layer?.currencies.tokens ?? []).map((token) => ({
    ...namedToken(token),
    chainName: token.chainName,
    chainId: token.chainId,
    credited: token.usdt,
  }));
}

/**
 * A configured chain's main coin and tokens, active, arriving after its confirmations at its blocks' pace; credited
 * only its USDT (transfer-price.ts prices no other transfer, and the watchers read token transfers only).
 */
async function configuredRows(layer: ChainLayer, chain: ConfiguredChain): Promise<Currency[]> {
  const facts = layer.currencies.factsOf(chain);
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
    { ...shared, ...facts.coin, contractAddress: null, type: "main", protocol: null, credited: false },
    ...layer.currencies.tokens
      .filter((token) => token.chainId === chain.chainId)
      .map((token) => ({ ...shared, ...namedToken(token), type: "token" as const, credited: token.usdt })),
  ];
}

/** A chain this server does not follow: its main coin and USDT, listed as not configured here, neither credited. */
function unconfiguredRows(chain: KnownChain): Currency[] {
  const shared = {
    chainName: chain.chainName,
    chainUnit: chain.coin.symbol,
    chainId: chain.chainId,
    status: "notConfigured" as const,
    confirmations: null,
    arrivalSeconds: null,
    credited: false,
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
 * The Currency list: every configured chain's main coin and tokens first, each with its arrival time
 * measured from the chain's recent blocks, then the known chains this server does not follow. The same for every
 * merchant: what the service carries, not what a merchant holds.
 */
export async function currencyList(layer: ChainLayer | null): Promise<CurrencyListResult> {
  if (!layer) return { items: knownChains.flatMap(unconfiguredRows) };
  const configured = await Promise.all(layer.chains.map((chain) => configuredRows(layer, chain)));
  return { items: [...configured.flat(), ...layer.currencies.notConfigured.flatMap(unconfiguredRows)] };
}
