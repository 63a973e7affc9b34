import type { Kysely } from "kysely";
import type { ChainLayer, ConfiguredChain } from "../chain/chain-layer.ts";
import type { DB } from "../db/schema.ts";
import { type CollectionLogger, collectionLogTo } from "../domain/collection/collection-log.ts";
import { collectedChains } from "../domain/collection/collection-setup.ts";
import type { JobQueue } from "../domain/platform/job-queue.ts";
import {
  type PreparedWithdrawals,
  prepareWithdrawals,
  startWithdrawalSending,
} from "../domain/withdrawals/withdrawal-jobs.ts";
import { withdrawalSettingsFromEnv } from "../domain/withdrawals/withdrawal-settings.ts";
import type { WithNode } from "./chain-nodes.ts";

/**
 * The server's withdrawals (server/start-server.ts): offered only where this server sends them — the treasury's key is
 * TREASURY_PRIVATE_KEY, or on the devnet its funded account 1 — and checked to be each deposit factory's treasury
 * before anything is served (a mismatch refuses to start). Null: none offered, the open API answers 2810. `chains` are
 * the layer's chains with their nodes (chain-nodes.ts). The withdrawal bench prepares its withdrawals here too.
 */
export async function serverWithdrawals(
  env: NodeJS.ProcessEnv,
  chain: Pick<ChainLayer, "devnet" | "currencies">,
  chains: readonly WithNode<ConfiguredChain>[],
): Promise<PreparedWithdrawals | null> {
  const settings = withdrawalSettingsFromEnv(env, chain.devnet !== null);
  if (!settings) return null;
  return prepareWithdrawals(collectedChains(chains), settings, chain.currencies);
}

/** The sender as jobs on the server's queue, its runs logged; answers the stop (none without withdrawals). */
export async function startServerWithdrawals(
  prepared: PreparedWithdrawals | null,
  options: { queue: JobQueue; db: Kysely<DB>; log: CollectionLogger },
): Promise<(() => Promise<void>) | null> {
  if (!prepared) return null;
  // The sender's lines are collection's kind (a pino level, a message, fields): a job not queued logs as an error.
  return startWithdrawalSending({ queue: options.queue, db: options.db, prepared, log: collectionLogTo(options.log) });
}
