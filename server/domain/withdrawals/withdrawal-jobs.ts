import type { Kysely } from "kysely";
import { type Address, getAddress } from "viem";
import type { ChainNode } from "../../chain/chain-node.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import { runPerChainAndInterval } from "../platform/chain-interval-jobs.ts";
import type { JobQueue } from "../platform/job-queue.ts";
import type { WithdrawalRules } from "./withdrawal-holds.ts";
import { type SenderReport, sendWithdrawals } from "./withdrawal-sender.ts";
import type { WithdrawalSettings } from "./withdrawal-settings.ts";

const withdrawalQueue = "withdrawal-sending";

/** A chain withdrawals are paid on: its deposit factory names the treasury (collection-setup.ts's chains fit). */
export interface TreasuryChain {
  chainId: number;
  confirmations: number;
  tokens: readonly { address: Address; decimals: number }[];
  depositFactory: Address;
  /** The chain's node: the factory's reads and the treasury's outgoing transactions (server/chain/chain-node.ts). */
  node: ChainNode;
}

export interface PreparedWithdrawals {
  rules: WithdrawalRules;
  chains: readonly TreasuryChain[];
  /** The configured chains' currencies: how withdrawals' events name their chain. */
  currencies: CurrencyRegistry;
  settings: WithdrawalSettings;
}

/**
 * What the server offers, checked before it serves: the chains with a deposit factory (their treasury receives the
 * sweeps that cover withdrawals), each factory's treasury the settings' key — a refusal to start otherwise, naming the
 * chain — and the rules requests are checked against (every configured token, the fee, the limit, the treasury, the
 * factories, their operators (the gas payer) and the token contracts as forbidden destinations).
 */
export async function prepareWithdrawals(
  chains: readonly TreasuryChain[],
  settings: WithdrawalSettings,
  currencies: CurrencyRegistry,
): Promise<PreparedWithdrawals | null> {
  if (chains.length === 0) return null;
  for (const chain of chains) {
    const treasury = await chain.node.reader.treasuryOf(chain.depositFactory);
    if (getAddress(treasury) !== settings.treasury.address)
      throw new Error(
        `chain ${chain.chainId}: TREASURY_PRIVATE_KEY is not the key of the deposit factory's treasury ${treasury}`,
      );
  }
  const forbidden = new Set<string>([settings.treasury.address.toLowerCase()]);
  for (const chain of chains) {
    // The gas payer is the factory's operator (collection-setup.ts refuses any other), read here since this instance
    // may hold no gas payer's key.
    const operator = await chain.node.reader.operatorOf(chain.depositFactory);
    for (const own of [chain.depositFactory, operator, ...chain.tokens.map((t) => t.address)])
      forbidden.add(own.toLowerCase());
  }
  return {
    chains,
    currencies,
    settings,
    rules: {
      tokens: chains.flatMap((c) =>
        c.tokens.map((t) => ({
          chainId: c.chainId,
          address: t.address as Address,
          decimals: t.decimals,
          fee: settings.fee,
        })),
      ),
      dailyLimit: settings.dailyLimit,
      forbidden,
      addressCooldownSeconds: settings.addressCooldownSeconds,
    },
  };
}

/**
 * One run of the sender on one prepared chain, as each job runs it (the withdrawal bench runs it too): the treasury's
 * outgoing transactions on the chain's node, settled then sent. Null for a chain withdrawals are not prepared on.
 */
export async function sendPreparedWithdrawals(
  db: Kysely<DB>,
  prepared: PreparedWithdrawals,
  chainId: number,
): Promise<SenderReport | null> {
  const chain = prepared.chains.find((c) => c.chainId === chainId);
  if (!chain) return null;
  return sendWithdrawals({
    db,
    chain,
    currencies: prepared.currencies,
    outgoing: chain.node.outgoing({ key: prepared.settings.treasury, chain, subjectKind: "withdrawal" }),
    replaceAfterMs: prepared.settings.replaceAfterMs,
  });
}

/**
 * The sender as pg-boss jobs, one run per chain and interval (platform/chain-interval-jobs.ts), as collection runs; the
 * nonce sequence and the row locks keep overlapping runs of two instances apart. Answers the stop.
 */
export async function startWithdrawalSending(options: {
  queue: JobQueue;
  db: Kysely<DB>;
  prepared: PreparedWithdrawals;
  log: (line: string) => void;
}): Promise<() => Promise<void>> {
  const { prepared, log } = options;
  return runPerChainAndInterval({
    queue: options.queue,
    name: withdrawalQueue,
    chainIds: prepared.chains.map((c) => c.chainId),
    intervalMs: prepared.settings.intervalMs,
    async run(chainId) {
      const report = await sendPreparedWithdrawals(options.db, prepared, chainId);
      if (report && Object.values(report).some((n) => n > 0))
        log(JSON.stringify({ level: 30, time: Date.now(), msg: "withdrawals", chainId, ...report }));
    },
    onQueueError: (error) =>
      log(JSON.stringify({ level: 50, time: Date.now(), msg: "withdrawals", err: error.message })),
  });
}
