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
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

/** The wallet area's tables, its part of `DB` (server/db/schema.ts). */
export interface WalletTables {
  wallets: WalletsTable;
  withdrawals: WithdrawalsTable;
}
