import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0056_one_outgoing_record: two copies of an outgoing transaction's facts go.
 *
 * - `application_bills.collection_tx_hash`: a bill's sweep is its `collection_id`, whose rows of outgoing_transactions
 *   hold the hash (every sweep with a hash has its row since migration 0046); the wire reads the mined one, else the
 *   latest, while the bill shows its collection (`collection_amount` is set and cleared with it).
 * - `withdrawals.gas_fee`: read by nothing; what a withdrawal's transaction burnt is in the books (its gas journal,
 *   migration 0037), booked again when a reorganisation moves or takes it.
 *
 * A withdrawal keeps its sender and nonce (the unique index `withdrawals_nonce` holds each nonce to one withdrawal,
 * which its transactions' rows, sharing it with their replacements, cannot), and the hash and block that paid it (kept
 * when a reorganisation takes that block, and when its bytes sent again revert: no row of outgoing_transactions says so).
 */
export const migration0056OneOutgoingRecord: Migration = {
  async up(db) {
    await sql`alter table application_bills drop column collection_tx_hash`.execute(db);
    await sql`alter table withdrawals drop column gas_fee`.execute(db);
  },
};
