import type { Kysely } from "kysely";
import type { Address, Hash, Hex, Log, PublicClient } from "viem";
import type { DB } from "../db/schema.ts";
import { settledRecheckBlocks } from "./outgoing-port.ts";
import { followedSince, settleRecorded } from "./outgoing-recorded-store.ts";
import { minedReceipt, pending } from "./outgoing-reads.ts";
import type { OutgoingSubjectKind } from "./outgoing-store.ts";
import type { TransactionSender } from "./transaction-sender.ts";

/**
 * Outgoing transactions recorded by their hash only (collection's sweeps): the account may be one the node holds and
 * signs for, so no bytes are stored and none replaced. A run sends back to back with consecutive nonces (the caller
 * holds the chain's lease: one nonce sequence), and follows what it sent until it has the chain's confirmations, and
 * after, for a reorganisation deeper than them. What it sent and what became of it are rows of outgoing_transactions
 * (outgoing-recorded-store.ts); the subject is told of each change in the transaction that makes it.
 */

/** A transaction with the chain's confirmations on the chain that stands now. */
export interface SettledReceipt {
  txHash: string;
  blockNumber: bigint;
  blockHash: string;
  gasFee: bigint;
  logs: readonly Log[];
  at: Date;
}

/** What a subject is told of its recorded transaction, each once, in the transaction that records the change. */
export interface RecordedListener {
  /** It has the confirmations (`moved`: again, in another block than it was settled in). */
  mined(trx: Kysely<DB>, subject: string, receipt: SettledReceipt, moved: boolean): Promise<void>;
  /** Reverted, mined: its gas (wei) was burnt. */
  reverted(trx: Kysely<DB>, subject: string, failure: { blockNumber: bigint; gasFee: bigint; at: Date }): Promise<void>;
  /** On no block and unknown to the node: a reorganisation took it away, or the node dropped it. */
  removed(trx: Kysely<DB>, subject: string, at: Date): Promise<void>;
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
   * Follows the kind's transactions on the chain that are recorded and not settled, and those mined within the recheck
   * window; `keepGoing` is asked before each (a run that lost its lease answers false): null when it stopped.
   */
  follow(db: Kysely<DB>, listener: RecordedListener, keepGoing: () => Promise<boolean>): Promise<FollowReport | null>;
}

export function recordedOutgoing(options: {
  client: PublicClient;
  sender: TransactionSender;
  chain: { chainId: number; confirmations: number };
  /** What its transactions pay: the rows of this kind are followed. */
  subjectKind: OutgoingSubjectKind;
  /** How far back settled ones are followed; by default settledRecheckBlocks. */
  recheckBlocks?: bigint;
  now?: () => Date;
}): RecordedOutgoing {
  const { client, sender, chain, subjectKind } = options;
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
    async follow(db, listener, keepGoing) {
      const report: FollowReport = { confirmed: 0, reorganised: 0, failed: 0, removed: 0 };
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const window = options.recheckBlocks ?? settledRecheckBlocks(chain.confirmations);
      /** The change recorded and the subject told in one transaction, by this run alone: answers whether it did. */
      const change = (tell: (trx: Kysely<DB>) => Promise<boolean>) => db.transaction().execute(tell);
      for (const tx of await followedSince(db, subjectKind, chain.chainId, head - window)) {
        if (!(await keepGoing())) return null;
        const hash = tx.txHash as Hash;
        const receipt = await minedReceipt(client, hash);
        // A settled one stays as it is while its block is on the chain; one a reorganisation moved into another block
        // is settled there once that block has the confirmations.
        const moved = tx.settledIn !== null;
        if (moved && receipt?.blockHash === tx.settledIn) continue;
        if (!receipt) {
          if (await pending(client, hash)) continue;
          const at = now();
          const told = await change(async (trx) => {
            if (!(await settleRecorded(trx, tx, "removed"))) return false;
            await listener.removed(trx, tx.subject, at);
            return true;
          });
          if (told) report.removed++;
          continue;
        }
        const gasFee = receipt.gasUsed * receipt.effectiveGasPrice;
        if (receipt.status !== "success") {
          const failure = { blockNumber: receipt.blockNumber, gasFee, at: now() };
          const told = await change(async (trx) => {
            if (!(await settleRecorded(trx, tx, "reverted"))) return false;
            await listener.reverted(trx, tx.subject, failure);
            return true;
          });
          if (told) report.failed++;
          continue;
        }
        if (head - receipt.blockNumber + 1n < BigInt(chain.confirmations)) continue;
        const { blockNumber, blockHash, logs } = receipt;
        const settled = { txHash: tx.txHash, blockNumber, blockHash, gasFee, logs, at: now() };
        const told = await change(async (trx) => {
          if (!(await settleRecorded(trx, tx, "mined", { blockNumber, blockHash }))) return false;
          await listener.mined(trx, tx.subject, settled, moved);
          return true;
        });
        if (!told) continue;
        if (moved) report.reorganised++;
        else report.confirmed++;
      }
      return report;
    },
  };
}
