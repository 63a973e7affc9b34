import type { ChainToken, ConfiguredChain } from "../../chain/configured-chain.ts";
import type { Address } from "viem";
import type { ChainNode } from "../../chain/chain-node.ts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { JobQueue } from "../platform/job-queue.ts";
import { type CollectedChain, type StartCollectionOptions, startCollection } from "./collection-jobs.ts";
import { collectionThresholdFromEnv } from "./collection-settings.ts";
import { type GasPayer, gasPayerFromEnv, nodeGasPayer } from "./gas-payer.ts";

/**
 * What collection needs of a configured chain (the chain layer's ConfiguredChain fits), with the node the wiring built
 * for it (server/wiring/chain-nodes.ts): the domain is handed a node, never told where one is.
 */
export type CollectableChain = Pick<ConfiguredChain, "chainId" | "confirmations" | "depositFactory"> & {
  tokens: readonly Pick<ChainToken, "address" | "decimals">[];
  node: ChainNode;
};

/** The chains with a deposit-forwarder factory, each with its node. */
export function collectedChains(chains: readonly CollectableChain[]): CollectedChain[] {
  return chains.flatMap((chain) => {
    if (!chain.depositFactory) return [];
    return [
      {
        chainId: chain.chainId,
        confirmations: chain.confirmations,
        tokens: chain.tokens,
        depositFactory: chain.depositFactory,
        node: chain.node,
      },
    ];
  });
}

/** GAS_PAYER_PRIVATE_KEY when set; else the devnet's dev account (the node signs); else none: collection stays off. */
export function collectionGasPayer(env: NodeJS.ProcessEnv, devAccount: Address | undefined): GasPayer | null {
  return gasPayerFromEnv(env) ?? (devAccount ? nodeGasPayer(devAccount) : null);
}

/** Refuses to start when the gas payer is not the factory's operator: every sweep would revert and burn its gas. */
export async function checkGasPayer(chains: readonly CollectedChain[], gasPayer: GasPayer): Promise<void> {
  for (const chain of chains) {
    const operator = await chain.node.reader.operatorOf(chain.depositFactory);
    if (operator.toLowerCase() !== gasPayer.account.address.toLowerCase())
      throw new Error(
        `chain ${chain.chainId}: the gas payer ${gasPayer.account.address} is not the deposit factory's operator ${operator}; set GAS_PAYER_PRIVATE_KEY to the operator's key`,
      );
  }
}

export interface ConfiguredCollectionOptions {
  queue: JobQueue;
  db: Kysely<DB>;
  /** The chain layer's chains, each with its node; those without a deposit factory are left out. */
  chains: readonly CollectableChain[];
  /** The devnet's dev account (chain layer: `devnet?.devAccount`), the gas payer when GAS_PAYER_PRIVATE_KEY is unset. */
  devAccount?: Address;
  env: NodeJS.ProcessEnv;
  intervalMs?: number;
  log?: (line: string) => void;
  /** This instance's name in the collection lease (default: one per process). */
  holder?: string;
  onReport?: StartCollectionOptions["onReport"];
}

/**
 * The server's collection, from its settings: the chains with a deposit factory, the gas payer (checked to be each
 * factory's operator), COLLECTION_THRESHOLD; then `startCollection` on the job queue. Answers the stop, or null when
 * there is nothing to collect or no gas payer (then it says why through `log`).
 */
export async function startConfiguredCollection(
  options: ConfiguredCollectionOptions,
): Promise<(() => Promise<void>) | null> {
  const chains = collectedChains(options.chains);
  if (chains.length === 0) return null;
  const gasPayer = collectionGasPayer(options.env, options.devAccount);
  if (!gasPayer) {
    options.log?.("collection is off: no GAS_PAYER_PRIVATE_KEY for the chains with a deposit factory");
    return null;
  }
  await checkGasPayer(chains, gasPayer);
  const threshold = collectionThresholdFromEnv(
    options.env,
    chains.flatMap((c) => c.tokens.map((t) => t.decimals)),
  );
  return startCollection({
    queue: options.queue,
    db: options.db,
    chains,
    gasPayer,
    threshold,
    intervalMs: options.intervalMs,
    log: options.log,
    holder: options.holder,
    onReport: options.onReport,
  });
}
