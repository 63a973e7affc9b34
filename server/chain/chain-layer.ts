import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { type Address, getAddress } from "viem";
import type { DB } from "../db/schema.ts";
import { checkAddressBook, watchedAddressBook } from "./address-book.ts";
import { blockClock } from "./block-time.ts";
import { type ChainConfig, chainConfigFromEnv } from "./config.ts";
import { devAccount, devClients, sendToken } from "./deploy.ts";
import {
  type Devnet,
  type DevnetFacts,
  devnetChainId,
  devnetProduct,
  startDevnet,
  writeWatchedAddresses,
} from "./devnet.ts";
import { createEvmAdapter } from "./evm-adapter.ts";
import { createMultiRpcAdapter } from "./multi-rpc-adapter.ts";
import { checkTokens } from "./token-check.ts";
import { devnetXpub, type ReceivingAddresses, randomXpub, receivingAddressesFromXpub } from "./hd-wallet.ts";
import type { ChainListener, WatcherLog } from "./listener.ts";
import { createWatcher, type Watcher } from "./watcher.ts";
import type { ConfiguredChain } from "./configured-chain.ts";
import { type CurrencyRegistry, currencyRegistry } from "./currency-registry.ts";

export type { ConfiguredChain } from "./configured-chain.ts";

export interface ChainLayer {
  chains: readonly ConfiguredChain[];
  /** The currencies the chains carry, named once (currency-registry.ts): what every reader of tokens reads. */
  currencies: CurrencyRegistry;
  /** The watch-only key merchants' receiving addresses derive from (payments/receiving-addresses.ts); null when no chain is configured at all. */
  addresses: ReceivingAddresses | null;
  devnet: DevnetFacts | null;
  /**
   * Devnet only ("Pay from the dev wallet"): a real token transfer from the funded dev account of the devnet (the
   * embedded one, or a chain id 31337 in CHAINS, as a second instance sharing the first one's devnet has), once mined.
   */
  payFromDevAccount(to: Address, amount: bigint): Promise<{ hash: string; blockNumber: bigint }>;
  /** The seconds between the chain's recent blocks, measured from its node (block-time.ts); null when it cannot be. */
  blockSeconds(chainId: number): Promise<number | null>;
  stop(): Promise<void>;
}

export interface ChainLayerOptions {
  db: Kysely<DB>;
  env: NodeJS.ProcessEnv;
  /** DATA_DIR; "memory" or undefined keeps the devnet's chain and wallet key in memory. */
  dataDir?: string;
  /**
   * The orders domain's hooks (listener.ts); called inside the watcher's transactions. A function gets the currencies
   * of the configured chains (the devnet's token is known only once it runs) and is called once, before any watcher
   * starts.
   */
  listener?: ChainListener | ((currencies: CurrencyRegistry) => ChainListener);
  log: WatcherLog;
}

/** Reads the chain settings, starts the devnet when it is on, checks the address book, and starts one watcher per chain. */
export async function startChainLayer(options: ChainLayerOptions): Promise<ChainLayer> {
  const config = chainConfigFromEnv(options.env);
  const dir =
    config.devnet && options.dataDir && options.dataDir !== "memory" ? join(options.dataDir, "devnet") : undefined;
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  // WALLET_XPUB when set; on the devnet without it, the devnet's own key. Without any chain there is no key at all.
  const xpub = config.walletXpub ?? (config.devnet ? (dir ? devnetXpub(dir) : randomXpub()) : undefined);
  const addresses = xpub ? receivingAddressesFromXpub(xpub) : null;
  let devnet: Devnet | null = null;
  if (config.devnet) {
    // DEVNET_PORT unset and 8545 taken (another server's devnet, a test): any free port will do, devnet.json tells which.
    devnet = await startDevnet({
      dir,
      port: config.devnet.port,
      anyPortIfTaken: !config.devnet.portFixed,
      blockTime: config.devnet.blockTime,
      walletXpub: xpub,
    });
  }
  const watchers: Watcher[] = [];
  const stop = async () => {
    await Promise.all(watchers.map((w) => w.stop()));
    await devnet?.stop();
  };
  try {
    if (addresses) await checkAddressBook(options.db, addresses);
    const chains: ConfiguredChain[] = config.chains.map(describe);
    const facts = devnet?.facts ?? null;
    if (facts && config.devnet) {
      chains.unshift({
        product: devnetProduct,
        chainId: facts.chainId,
        rpcUrl: facts.rpcUrl,
        tokens: [{ symbol: facts.token.symbol, address: facts.token.address, decimals: facts.token.decimals }],
        confirmations: config.devnet.confirmations,
        devnet: true,
        depositFactory: facts.depositFactory,
      });
    }
    await Promise.all(chains.map(checkTokens));
    const currencies = currencyRegistry(chains);
    const listener = typeof options.listener === "function" ? options.listener(currencies) : options.listener;
    for (const chain of chains) {
      const settings = config.chains.find((c) => c.chainId === chain.chainId);
      const book = watchedAddressBook(options.db, {
        chainId: chain.chainId,
        onReload: chain.devnet && facts ? (list) => writeWatchedAddresses(facts, list) : undefined,
      });
      const watcher = createWatcher(
        {
          product: chain.product,
          chainId: chain.chainId,
          tokens: currencies.tokens.filter((t) => t.chainId === chain.chainId).map((t) => t.address),
          confirmations: chain.confirmations,
          startBlock: chain.devnet && facts ? BigInt(facts.token.deployBlock) : settings?.startBlock,
          scanBlocks: settings?.scanBlocks,
          byHashBlocks: settings?.byHashBlocks,
          pollMs: chain.devnet ? 500 : settings?.pollMs,
          leaseMs: settings?.leaseMs,
        },
        {
          db: options.db,
          adapter: createMultiRpcAdapter(
            [chain.rpcUrl, ...(chain.moreRpcUrls ?? [])].map((rpcUrl) =>
              createEvmAdapter({ chainId: chain.chainId, rpcUrl }),
            ),
          ),
          addressBook: book,
          listener: withLog(listener, options.log),
          log: options.log,
        },
      );
      watchers.push(watcher);
      watcher.start();
    }
    return {
      chains,
      currencies,
      blockSeconds: blockClock((chainId) => currencies.chainById(chainId)?.rpcUrl),
      addresses,
      devnet: facts,
      async payFromDevAccount(to, amount) {
        const devnetChain = chains.find((c) => c.devnet);
        if (!devnetChain) throw new Error("no devnet is configured: there is no dev account to pay from");
        const clients = devClients(devnetChain.rpcUrl);
        return sendToken(
          clients,
          devnetChain.tokens[0]!.address,
          facts?.devAccount ?? (await devAccount(clients)),
          getAddress(to),
          amount,
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function describe(c: ChainConfig): ConfiguredChain {
  return {
    product: c.product,
    chainId: c.chainId,
    rpcUrl: c.rpcUrl,
    moreRpcUrls: c.moreRpcUrls,
    tokens: c.tokens.map((t) => ({ symbol: t.symbol, address: getAddress(t.address), decimals: t.decimals })),
    confirmations: c.confirmations,
    devnet: c.chainId === devnetChainId,
    ...(c.depositFactory ? { depositFactory: getAddress(c.depositFactory) } : {}),
    ...(c.explorerUrl ? { explorerUrl: c.explorerUrl } : {}),
  };
}

type Hook = NonNullable<ChainListener["onTransferSeen"]>;

/** The log hears what happened to each transfer; the domain's listener (when there is one) runs first, in the same transaction. */
function withLog(listener: ChainListener | undefined, log: WatcherLog): ChainListener {
  const logged =
    (event: string, hook: Hook | undefined): Hook =>
    async (trx, t) => {
      await hook?.call(listener, trx, t);
      log.info(
        {
          chainId: t.chainId,
          tx: t.txHash,
          logIndex: t.logIndex,
          to: t.to,
          amount: t.amount.toString(),
          confirmations: t.confirmations,
          event,
        },
        "chain transfer",
      );
    };
  return {
    onTransferSeen: logged("seen", listener?.onTransferSeen),
    onConfirmations: listener?.onConfirmations?.bind(listener),
    onTransferConfirmed: logged("confirmed", listener?.onTransferConfirmed),
    onTransferRemoved: logged("removed", listener?.onTransferRemoved),
  };
}
