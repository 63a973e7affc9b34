import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0022_list_indexes (issue 40, "a million rows"): an index behind every filter a list offers. The bills'
 * transaction hash and address filters compare whole values in any case (`lower(…) = lower(input)`), which no index
 * served: each is an expression index now, so a hash or an address is found by an index lookup whatever the number
 * of transfers. My orders' code filter is a prefix (`like 'code%'`): an index by merchant and code in byte order
 * serves it under any collation.
 */
export const migration0022ListIndexes: Migration = {
  async up(db) {
    await sql`create index chain_transfers_by_tx_hash on chain_transfers (lower(tx_hash))`.execute(db);
    await sql`create index chain_transfers_by_to_address on chain_transfers (lower(to_address))`.execute(db);
    await sql`create index chain_transfers_by_from_address on chain_transfers (lower(from_address))`.execute(db);
    await sql`create index orders_by_merchant_code on orders (merchant_id, order_code text_pattern_ops)`.execute(db);
  },
};
