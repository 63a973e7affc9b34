import type { Kysely } from "kysely";
import type { Address, Hex } from "viem";
import type { DB } from "../db/schema.ts";

/**
 * Money leaving the treasury, the mirror of the watcher for incoming money: one component signs with a nonce from the
 * account's one sequence, stores what it signed before it leaves, broadcasts it (the same bytes again after a crash),
 * finds its receipt, replaces one stuck with the same nonce and higher fees, reads the gas it burnt and follows a
 * reorganisation. The domain decides what to send and answers an `OutgoingListener` when one is mined, failed, moved
 * or removed; it holds no node client for sending.
 */

/** A call to sign: the contract, its call data and the gas it may use. */
export interface OutgoingCall {
  to: Address;
  data: Hex;
  gas: bigint;
}

/** A transaction found in a block: its hash and block, and the gas it burnt there (wei). */
export interface MinedOutgoing {
  txHash: string;
  blockNumber: bigint;
  gasFee: bigint;
  at: Date;
}

/** What a subject (a withdrawal) is told of its transactions. Each call with `trx` runs in one transaction. */
export interface OutgoingListener {
  /** Its transaction reached a node, for the first time or again. */
  broadcast(subject: string, at: Date): Promise<void>;
  /** Mined and counting its confirmations, or (null) none of its transactions is mined now. */
  counting(subject: string, seen: { txHash: string; blockNumber: bigint; confirmations: number } | null): Promise<void>;
  /** Locks the subject; answers whether it still waits for its transaction (a replacement is signed only then). */
  stillOpen(trx: Kysely<DB>, subject: string): Promise<boolean>;
  /** Mined with the chain's confirmations and succeeded; answers whether this run settled it (not another instance). */
  mined(trx: Kysely<DB>, subject: string, mined: MinedOutgoing): Promise<boolean>;
  /**
   * It can never pay: reverted (mined, `gasFee` burnt) or its nonce used by another transaction (`gasFee` null);
   * answers whether this run failed it. A settled one is told so too when a reorganisation took it away and its
   * transaction, sent again, reverted: what it paid never arrived.
   */
  failed(trx: Kysely<DB>, subject: string, failure: { why: string; gasFee: bigint | null; at: Date }): Promise<boolean>;
  /** A settled one mined again elsewhere after a reorganisation: in another block, or as another of its transactions. */
  moved(trx: Kysely<DB>, subject: string, mined: MinedOutgoing): Promise<void>;
  /** A settled one on no block any more: its gas was not burnt on the chain that stands (sent again, the same bytes). */
  removed(trx: Kysely<DB>, subject: string, at: Date): Promise<void>;
}

/** What a recheck of settled subjects did: sent again (taken away), or failed (sent again and reverted). */
export interface RecheckReport {
  broadcast: number;
  failed: number;
}

export interface SettleReport {
  broadcast: number;
  replaced: number;
  confirmed: number;
  failed: number;
}

/** Signing for one run: the fees and the chain's nonce read once, then one nonce per call taken from the sequence. */
export interface OutgoingBatch {
  /** In the caller's transaction: takes the nonce, signs, stores; answers the bytes to broadcast once it commits. */
  sign(trx: Kysely<DB>, subject: string, call: OutgoingCall): Promise<{ raw: Hex; nonce: bigint }>;
}

export interface Outgoing {
  readonly from: Address;
  readonly chainId: number;
  batch(): Promise<OutgoingBatch>;
  /** Broadcasts stored bytes; answers whether the node took them (a failure is tried again by the next run). */
  broadcast(db: Kysely<DB>, subject: string, raw: Hex, listener: OutgoingListener): Promise<boolean>;
  /**
   * The open subjects (whose transactions have no outcome yet), in nonce order: mined with the confirmations → `mined`
   * (or `failed` when reverted); counting → `counting`; not mined and its nonce used by another → `failed`; otherwise
   * broadcast again, or replaced first when its latest transaction was signed `replaceAfterMs` ago or more. Each
   * outcome is recorded on the subject's transactions in the transaction that tells it, by one run alone.
   */
  settle(db: Kysely<DB>, listener: OutgoingListener, options?: { replaceAfterMs?: number }): Promise<SettleReport>;
  /**
   * Paid subjects a reorganisation deeper than the confirmations may still take away (mined within the recheck
   * window, or removed): each found again is `moved` when it changed, or `failed` when what was found reverted (with
   * the chain's confirmations); one on no block is `removed` once, and its bytes sent again by each run until mined.
   */
  recheck(db: Kysely<DB>, listener: OutgoingListener): Promise<RecheckReport>;
}

/** How far back settled ones are checked again: a reorganisation deeper than the confirmations can take one away. */
export const settledRecheckBlocks = (confirmations: number) => BigInt(Math.max(4 * confirmations, 64));
