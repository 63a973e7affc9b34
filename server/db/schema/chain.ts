import type { ColumnType } from "kysely";
import type { Id, IdRef, Int8 } from "./columns.ts";

/** Per chain: where the watcher goes on (server/chain/watcher.ts). */
export interface ChainCursorsTable {
  chain_id: Int8;
  /** The first block ever scanned (the token's deployment on the devnet, the head at first start elsewhere). */
  start_block: Int8;
  /** The first block not yet scanned. */
  next_block: Int8;
  /** Hash of block 0: another hash there means another chain (a devnet started afresh). */
  genesis_hash: string;
  head_number: Int8 | null;
  head_hash: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Hashes of recently scanned blocks (range ends and blocks with our transfers), to detect reorganisations. */
export interface ChainBlocksTable {
  chain_id: Int8;
  number: Int8;
  hash: string;
}

/** Which instance watches a chain, until expires_at (database time); renewed while it runs. */
export interface ChainLeasesTable {
  chain_id: Int8;
  holder: string;
  expires_at: Date;
  acquired_at: ColumnType<Date, Date | undefined, Date>;
}

export type ChainTransferStatusColumn = "seen" | "confirmed" | "removed";

/** A token transfer to one of our addresses; unique by (chain_id, tx_hash, log_index). */
export interface ChainTransfersTable {
  id: Id;
  chain_id: Int8;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  block_hash: string;
  /** Checksummed addresses. */
  token: string;
  from_address: string;
  to_address: string;
  /** Token base units, numeric(78, 0) as a string: never a float. */
  amount: ColumnType<string, string, string>;
  status: ChainTransferStatusColumn;
  /** Counted while seen; a confirmed transfer's count is head_number - block_number + 1 of its chain's cursor. */
  confirmations: number;
  seen_at: ColumnType<Date, Date | undefined, Date>;
  confirmed_at: Date | null;
  removed_at: Date | null;
  /** Why the domain set it aside (an amount out of range, a failure of its own); null for every normal transfer. */
  quarantine: ColumnType<string | null, string | null | undefined, string | null>;
  quarantined_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Watch-only receiving addresses, BIP-44 index i of WALLET_XPUB; one per merchant. */
export interface ReceivingAddressesTable {
  address_index: number;
  address: string;
  merchant_id: IdRef | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** One nonce sequence per sending account and chain, shared by every server instance (migration 0029). */
export interface SendingAccountsTable {
  chain_id: number;
  address: string;
  next_nonce: ColumnType<string, string, string>;
}

export type OutgoingSubjectKindColumn = "withdrawal" | "sweep";

/** What became of an outgoing transaction (migrations 0053, 0054); none while it is followed. */
export type OutgoingOutcomeColumn = "mined" | "reverted" | "removed" | "unsent" | "replaced";

/**
 * A transaction sent from a platform account (migration 0044), for the subject it pays: one of its kind's column
 * names it. Signed here, it has its bytes, nonce and fees, stored before it was broadcast; recorded by hash only (the
 * node signed it), none of them, and its nonce when known.
 */
export interface OutgoingTransactionsTable {
  id: Id;
  subject_kind: OutgoingSubjectKindColumn;
  withdrawal_id: ColumnType<string | null, string | null | undefined, string | null>;
  collection_id: ColumnType<string | null, string | null | undefined, string | null>;
  chain_id: number;
  from_address: string;
  nonce: ColumnType<string | null, string | null | undefined, string | null>;
  tx_hash: string;
  raw_tx: ColumnType<string | null, string | null | undefined, string | null>;
  max_fee_per_gas: ColumnType<string | null, string | null | undefined, string | null>;
  max_priority_fee_per_gas: ColumnType<string | null, string | null | undefined, string | null>;
  /** The transaction signed to replace it, with the same nonce: whichever of them is mined pays. */
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was signed, or recorded when the node signed it. */
  signed_at: Date;
  broadcast_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * What became of it, and the block it was mined in (checked again for a reorganisation); the block's hash is unknown
   * for one signed here and mined before migration 0054.
   */
  outcome: ColumnType<
    OutgoingOutcomeColumn | null,
    OutgoingOutcomeColumn | null | undefined,
    OutgoingOutcomeColumn | null
  >;
  mined_block_number: ColumnType<string | null, string | null | undefined, string | null>;
  mined_block_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The chain area's tables, its part of `DB` (server/db/schema.ts). */
export interface ChainTables {
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  chain_leases: ChainLeasesTable;
  chain_transfers: ChainTransfersTable;
  receiving_addresses: ReceivingAddressesTable;
  sending_accounts: SendingAccountsTable;
  outgoing_transactions: OutgoingTransactionsTable;
}
