import type { ColumnType } from "kysely";
import type { Id, IdRef } from "./columns.ts";

export type CollectionStatusColumn = "sent" | "confirmed" | "failed" | "removed";

/**
 * One sweep of one deposit address's token into the treasury, or one failed try; its transaction is its row of
 * outgoing_transactions (the hash and what became of it).
 */
export interface CollectionsTable {
  id: Id;
  chain_id: number;
  token: string;
  deposit_address_id: IdRef;
  delivery_address: string;
  gas_payer: string;
  status: CollectionStatusColumn;
  /** Whether the sweep deployed the address's forwarder. */
  deployed: ColumnType<boolean, boolean | undefined, boolean>;
  /** Token base units swept (the factory's Swept event), once mined. */
  amount: string | null;
  /** Wei paid by the gas payer, once mined. */
  gas_fee: string | null;
  block_number: string | null;
  block_hash: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** Which instance sends the chain's sweeps now (the gas payer's one nonce sequence). */
export interface CollectionLeasesTable {
  chain_id: number;
  holder: string;
  expires_at: Date;
}

/** The collection area's tables, its part of `DB` (server/db/schema.ts). */
export interface CollectionTables {
  collections: CollectionsTable;
  collection_leases: CollectionLeasesTable;
}
