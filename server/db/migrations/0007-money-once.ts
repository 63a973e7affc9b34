import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0007_money_once. Shipped: never edit it, add the next one. */
export const migration0007MoneyOnce: Migration = {
  async up(db) {
    // A transfer the domain cannot take (an amount past any real one, a failure of its own) is set aside with the
    // reason, and the watcher goes on: one bad transfer never stops the others.
    await sql`alter table chain_transfers add column quarantine text`.execute(db);
    await sql`alter table chain_transfers add column quarantined_at timestamptz`.execute(db);
    await sql`create index chain_transfers_quarantined on chain_transfers (quarantined_at) where quarantine is not null`.execute(
      db,
    );
    // Pay from the dev wallet (devnet): one transfer on its way per order at a time. A claim whose transfer was never
    // seen may be taken over after a while (the devnet restarted, a reorganisation dropped it).
    await sql`
        create table dev_payments (
          order_id bigint primary key references orders (id) on delete cascade,
          tx_hash text,
          created_at timestamptz not null
        )`.execute(db);
  },
};
