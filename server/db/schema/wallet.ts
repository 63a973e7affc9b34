import type { ColumnType } from "kysely";
import type { Id, IdRef, Numeric } from "./columns.ts";

export interface WalletsTable {
  id: Id;
  merchant_id: IdRef;
  product: string;
  currency: string;
  address: string;
  created_at: Date;
}

export type WithdrawalStatusColumn = "requested" | "awaitingApproval" | "signed" | "broadcast" | "confirmed" | "failed";

/** A merchant's withdrawal (migration 0028): its amount and fee held in the ledger from the moment it is asked for. */
export interface WithdrawalsTable {
  id: Id;
  merchant_id: IdRef;
  /** The application whose open-API key asked it (migration 0034): its withdraw callback URL hears each change. */
  application_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The caller's Idempotency-Key, unique per merchant; null when none was given. */
  idempotency_key: string | null;
  /** sha-256 (hex) of what was asked: the same key with another request is refused. */
  request_hash: string;
  chain_id: number;
  token: string;
  to_address: string;
  amount: Numeric;
  fee: Numeric;
  status: WithdrawalStatusColumn;
  failure: string | null;
  /** Why a requested withdrawal is not signed yet (migration 0031): the treasury's books do not cover it. */
  waiting: ColumnType<"treasury" | null, "treasury" | null | undefined, "treasury" | null>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
  /** The sending account and the nonce it signed with (migration 0029), once signed. */
  from_address: ColumnType<string | null, string | null | undefined, string | null>;
  nonce: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The transaction that paid and its block, once confirmed (kept after a reorganisation takes it away, and when its
   * bytes sent again revert). Its gas is in the books (gas-books.ts), its outcome on its row of outgoing_transactions.
   */
  tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
  block_number: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * Its transaction seen mined while it counts its confirmations (migration 0036): the transaction, its block and the
   * confirmations it has; null before, and again when a reorganisation takes it away.
   */
  seen_tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
  seen_block_number: ColumnType<string | null, string | null | undefined, string | null>;
  confirmations: ColumnType<number | null, number | null | undefined, number | null>;
  /** The invoice it refunds (migration 0050); null for any other withdrawal. */
  invoice_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A destination of the merchant's address book (migration 0030): usable for withdrawals from `usable_at`. */
export interface WithdrawalAddressesTable {
  id: Id;
  merchant_id: IdRef;
  chain_id: number;
  /** EIP-55. */
  address: string;
  label: string;
  created_at: ColumnType<Date, Date, never>;
  usable_at: ColumnType<Date, Date, never>;
  removed_at: Date | null;
}

/** The wallet area's tables, its part of `DB` (server/db/schema.ts). */
export interface WalletTables {
  wallets: WalletsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_addresses: WithdrawalAddressesTable;
}
