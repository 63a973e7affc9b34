import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0055_drop_collection_tx_hash: a sweep's transaction is its row of outgoing_transactions (migration 0046
 * gave every sweep with a hash its row, and each sweep recorded since writes one in the same transaction), where its
 * follower reads the hash and its outcome; the copy on `collections` goes, and with it the check that a sweep not
 * failed names one.
 */
export const migration0055DropCollectionTxHash: Migration = {
  async up(db) {
    await sql`alter table collections drop column tx_hash`.execute(db);
  },
};
