import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0018_collection (issue 28): collection of deposit addresses into the treasury (server/domain/collection/).
 * One row per sweep transaction sent (and per failed try), the bills it covers, and a lease per chain so that one
 * instance at a time sends from the gas payer (one nonce sequence across instances).
 */
export const migration0018Collection: Migration = {
  async up(db) {
    // `amount` and `gas_fee` are base units on chain (the token's, and wei): known once the sweep is mined. A row stays
    // after it failed or a reorganisation removed it, so every try is visible; the next try is a new row.
    await sql`
        create table collections (
          id bigint generated always as identity primary key,
          chain_id integer not null,
          token text not null check (token ~ '^0x[0-9a-fA-F]{40}$'),
          deposit_address_id bigint not null references deposit_addresses (id) on delete cascade,
          delivery_address text not null check (delivery_address ~ '^0x[0-9a-fA-F]{40}$'),
          gas_payer text not null check (gas_payer ~ '^0x[0-9a-fA-F]{40}$'),
          status text not null check (status in ('sent', 'confirmed', 'failed', 'removed')),
          tx_hash text check (tx_hash ~ '^0x[0-9a-f]{64}$'),
          deployed boolean not null default false,
          amount numeric(78, 0) check (amount >= 0),
          gas_fee numeric(78, 0) check (gas_fee >= 0),
          block_number bigint,
          block_hash text,
          error text,
          created_at timestamptz not null,
          finished_at timestamptz,
          check ((status = 'failed') = (error is not null)),
          check (status = 'failed' or tx_hash is not null),
          check (status <> 'confirmed' or (amount is not null and block_hash is not null))
        )`.execute(db);
    // At most one sweep on its way per address and token: a second collector's insert fails instead of sending twice.
    await sql`create unique index collections_one_open on collections (deposit_address_id, token) where status = 'sent'`.execute(
      db,
    );
    await sql`create index collections_by_chain on collections (chain_id, status)`.execute(db);
    await sql`
        create table collection_leases (
          chain_id integer primary key,
          holder text not null,
          expires_at timestamptz not null
        )`.execute(db);
    // The bill's sweep (set when sent, cleared when it fails or is removed) and the sweep's gas fee in wei, beside the
    // wire's collection columns of 0015 (written once the sweep has its confirmations).
    await sql`
        alter table application_bills
          add column collection_id bigint references collections (id) on delete set null,
          add column collection_gas_fee numeric(78, 0) check (collection_gas_fee >= 0)`.execute(db);
    await sql`create index application_bills_by_collection on application_bills (collection_id) where collection_id is not null`.execute(
      db,
    );
  },
};
