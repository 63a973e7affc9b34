import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0007_quarantine. Shipped: never edit it, add the next one. */
export const migration0007Quarantine: Migration = {
  async up(db) {
    // A transfer the domain cannot take (an amount past any real one, a failure of its own) is set aside with the
    // reason, and the watcher goes on: one bad transfer never stops the others.
    await sql`alter table chain_transfers add column quarantine text`.execute(db);
    await sql`alter table chain_transfers add column quarantined_at timestamptz`.execute(db);
    await sql`create index chain_transfers_quarantined on chain_transfers (quarantined_at) where quarantine is not null`.execute(
      db,
    );
  },
};
