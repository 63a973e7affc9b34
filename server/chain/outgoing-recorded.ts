import type { Address, Hash, Hex, Log, PublicClient } from "viem";
import { settledRecheckBlocks } from "./outgoing-port.ts";
import { minedReceipt, pending } from "./outgoing-reads.ts";
import type { TransactionSender } from "./transaction-sender.ts";

/**
 * Outgoing transactions recorded by their hash only (collection's sweeps): the account may be one the node holds and
 * signs for, so no bytes are stored and none replaced. A run sends back to back with consecutive nonces (the caller
 * holds the chain's lease: one nonce sequence), and follows what it sent until it has the chain's confirmations, and
 * after, for a reorganisation deeper than them.
 */

/** A recorded transaction: its subject, hash and, once settled, the hash of the block it was settled in. */
export interface RecordedTransaction {
  subject: string;
  txHash: string;
  settledIn: string | null;
}

/** A transaction with the chain's confirmations on the chain that stands now. */
export interface SettledReceipt {
  txHash: string;
  blockNumber: bigint;
  blockHash: string;
  gasFee: bigint;
  logs: readonly Log[];
  at: Date;
}

/** What a subject is told of its recorded transaction. */
export interface RecordedListener {
  /** It has the confirmations (`moved`: again, in another block than it was settled in). */
  mined(subject: string, receipt: SettledReceipt, moved: boolean): Promise<void>;
  /** Reverted, mined: its gas (wei) was burnt. */
  reverted(subject: string, failure: { blockNumber: bigint; gasFee: bigint; at: Date }): Promise<void>;
  /** On no block and unknown to the node: a reorganisation took it away, or the node dropped it. */
  removed(subject: string, at: Date): Promise<void>;
}

export interface FollowReport {
  confirmed: number;
  reorganised: number;
  failed: number;
  removed: number;
}

export interface RecordedOutgoing {
  readonly from: Address;
  /**
   * Sends the call with the run's next nonce; `record` gets the hash first when the key is held here (the sender's
   * rule: transaction-sender.ts). A call not sent leaves its nonce unused: the next one asks the node again.
   */
  send(call: { to: Address; data: Hex }, record: (hash: Hash) => Promise<void>): Promise<Hash>;
  /**
   * Follows what is recorded and not settled, and what was settled within the recheck window (`recordedSince` answers
   * those from a block on); `keepGoing` is asked before each (a run that lost its lease answers false): null when it
   * stopped.
   */
  follow(
    recordedSince: (block: bigint) => Promise<readonly RecordedTransaction[]>,
    listener: RecordedListener,
    keepGoing: () => Promise<boolean>,
  ): Promise<FollowReport | null>;
}

export function recordedOutgoing(options: {
  client: PublicClient;
  sender: TransactionSender;
  chain: { confirmations: number };
  /** How far back settled ones are followed; by default settledRecheckBlocks. */
  recheckBlocks?: bigint;
  now?: () => Date;
}): RecordedOutgoing {
  const { client, sender, chain } = options;
  const now = options.now ?? (() => new Date());
  let nonce: number | undefined;
  return {
    from: sender.from,
    async send(call, record) {
      try {
        nonce ??= await sender.nextNonce();
        const hash = await sender.send({ ...call, nonce }, record);
        nonce++;
        return hash;
      } catch (error) {
        nonce = undefined;
        throw error;
      }
    },
    async follow(recordedSince, listener, keepGoing) {
      const report: FollowReport = { confirmed: 0, reorganised: 0, failed: 0, removed: 0 };
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const window = options.recheckBlocks ?? settledRecheckBlocks(chain.confirmations);
      for (const tx of await recordedSince(head - window)) {
        if (!(await keepGoing())) return null;
        const hash = tx.txHash as Hash;
        const receipt = await minedReceipt(client, hash);
        // A settled one stays as it is while its block is on the chain; one a reorganisation moved into another block
        // is settled there once that block has the confirmations.
        const moved = tx.settledIn !== null;
        if (moved && receipt?.blockHash === tx.settledIn) continue;
        if (!receipt) {
          if (await pending(client, hash)) continue;
          await listener.removed(tx.subject, now());
          report.removed++;
          continue;
        }
        const gasFee = receipt.gasUsed * receipt.effectiveGasPrice;
        if (receipt.status !== "success") {
          await listener.reverted(tx.subject, { blockNumber: receipt.blockNumber, gasFee, at: now() });
          report.failed++;
          continue;
        }
        if (head - receipt.blockNumber + 1n < BigInt(chain.confirmations)) continue;
        const { blockNumber, blockHash, logs } = receipt;
        await listener.mined(tx.subject, { txHash: tx.txHash, blockNumber, blockHash, gasFee, logs, at: now() }, moved);
        if (moved) report.reorganised++;
        else report.confirmed++;
      }
      return report;
    },
  };
}
