import type { Address } from "viem";
import type { ChainLayer, ConfiguredChain } from "../chain/chain-layer.ts";
import { currencyRegistry } from "../chain/currency-registry.ts";
import { randomXpub, receivingAddressesFromXpub } from "../chain/hd-wallet.ts";

/** A chain as the configuration would describe it, for tests that need no node. */
export function configuredChain(
  product: string,
  chainId: number,
  overrides: Partial<ConfiguredChain> = {},
): ConfiguredChain {
  return {
    product,
    chainId,
    rpcUrl: "http://127.0.0.1:9",
    tokens: [{ symbol: "USDT", address: `0x${chainId.toString(16).padStart(40, "a")}` as Address, decimals: 6 }],
    confirmations: 2,
    devnet: chainId === 31337,
    ...overrides,
  };
}

export interface StubChainLayer extends ChainLayer {
  /** Every payFromDevAccount call. */
  devPayments: Array<{ to: Address; amount: bigint }>;
}

export interface StubChainOptions {
  /** A real payment instead of a recorded one (a test chain's `pay`). */
  payFromDevAccount?: ChainLayer["payFromDevAccount"];
  /** What the chains' blocks measure, by chain id (none: unmeasured, as a node that does not answer). */
  blockSeconds?: Readonly<Record<number, number>>;
}

/**
 * A chain layer without watchers, for route tests: real watch-only addresses (a random xpub, the real address book in
 * the database); "Pay from the dev wallet" is recorded and answers a made-up transaction unless `options` sends it.
 */
export function stubChainLayer(
  chains: readonly ConfiguredChain[] = [
    configuredChain("Devnet", 31337),
    configuredChain("Eth", 1, { confirmations: 12 }),
  ],
  options: StubChainOptions = {},
): StubChainLayer {
  const addresses = receivingAddressesFromXpub(randomXpub());
  const devPayments: StubChainLayer["devPayments"] = [];
  const currencies = currencyRegistry(chains);
  return {
    chains,
    currencies,
    addresses,
    devnet: null,
    devPayments,
    async payFromDevAccount(to, amount) {
      devPayments.push({ to, amount });
      return options.payFromDevAccount
        ? options.payFromDevAccount(to, amount)
        : { hash: `0x${"ab".repeat(32)}`, blockNumber: 7n };
    },
    async blockSeconds(chainId) {
      return options.blockSeconds?.[chainId] ?? null;
    },
    async stop() {},
  };
}
