import type { Id, IdRef } from "./columns.ts";

export interface WalletsTable {
  id: Id;
  merchant_id: IdRef;
  product: string;
  currency: string;
  address: string;
  created_at: Date;
}

/** The wallet area's tables, its part of `DB` (server/db/schema.ts). */
export interface WalletTables {
  wallets: WalletsTable;
}
