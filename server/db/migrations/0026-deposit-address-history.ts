import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0026_deposit_address_history (issue 41, "nothing on chain that the books cannot place"): a deposit address
 * can be computed before it is issued (CREATE2 from the factory and the application's salt), so a transfer to it may
 * sit in a block the watcher scanned before the address was in its book. Each address's past is read once by the
 * watcher's history pass (server/chain/watcher-history.ts): `history_read_to` is the highest block read so far for it,
 * `history_read` says the address's past up to where the watcher's scans took it over is read. Addresses issued before
 * this migration are read too: their past was never looked at either.
 */
export const migration0026DepositAddressHistory: Migration = {
  async up(db) {
    await sql`alter table deposit_addresses add column history_read_to bigint`.execute(db);
    await sql`alter table deposit_addresses add column history_read boolean not null default false`.execute(db);
    await sql`create index deposit_addresses_history_unread on deposit_addresses (chain_id, id) where not history_read`.execute(
      db,
    );
  },
};
