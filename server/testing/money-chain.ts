import type { Kysely } from "kysely";
import type { Address } from "viem";
import { watchedAddressBook } from "../chain/address-book.ts";
import type { ConfiguredChain } from "../chain/chain-layer.ts";
import { chainNode } from "../chain/chain-node.ts";
import { deployForwarderFactory } from "../chain/deposit-forwarder.ts";
import { createEvmAdapter } from "../chain/evm-adapter.ts";
import type { TestChain } from "../chain/test-chain.ts";
import { createWatcher, type Watcher } from "../chain/watcher.ts";
import type { DB } from "../db/schema.ts";
import type { CollectedChain } from "../domain/collection/collection-jobs.ts";
import { createMoneyListener } from "../wiring/money-listener.ts";
import { currencyRegistry } from "../chain/currency-registry.ts";

/** The devnet chain id the money tests run on. */
export const moneyChainId = 31337;

export interface MoneyChain {
  /** A deposit-forwarder factory of its own, sweeping to `treasury`. */
  factory: Address;
  /** The real watcher, crediting through the server's listener (orders and application bills). */
  watcher: Watcher;
  /** The chain as collection (and its reconcile) sees it. */
  collected: CollectedChain;
  /** Mines `blocks` blocks, the watcher ticking after each. */
  advance(blocks: number): Promise<void>;
}

/**
 * Money on a real chain for one test: a fresh factory (so each test's chain sums start at 0), the watcher that credits
 * deposits and orders as the server's does (a first tick made), and the chain as the collector sees it; 6-decimal USDT.
 */
export async function startMoneyChain(
  db: Kysely<DB>,
  chain: TestChain,
  treasury: Address,
  confirmations: number,
): Promise<MoneyChain> {
  const factory = await deployForwarderFactory(chain.clients, chain.dev, treasury, chain.dev);
  const configured: ConfiguredChain = {
    product: "Devnet",
    chainId: moneyChainId,
    rpcUrl: chain.rpcUrl,
    tokens: [{ symbol: "USDT", address: chain.token, decimals: 6 }],
    confirmations,
    devnet: true,
    depositFactory: factory,
  };
  const watcher = createWatcher(
    { product: "Devnet", chainId: moneyChainId, tokens: [chain.token], confirmations },
    {
      db,
      adapter: createEvmAdapter({ chainId: moneyChainId, rpcUrl: chain.rpcUrl }),
      addressBook: watchedAddressBook(db, { chainId: moneyChainId }),
      listener: createMoneyListener({ currencies: currencyRegistry([configured]) }),
    },
  );
  await watcher.tick();
  return {
    factory,
    watcher,
    collected: {
      chainId: moneyChainId,
      confirmations,
      tokens: configured.tokens,
      depositFactory: factory,
      node: chainNode(chain.clients),
    },
    async advance(blocks) {
      for (let i = 0; i < blocks; i++) {
        await chain.mine(1);
        await watcher.tick();
      }
    },
  };
}
