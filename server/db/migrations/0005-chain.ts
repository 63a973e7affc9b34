import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0005_chain. Shipped: never edit it, add the next one. */
export const migration0005Chain: Migration = {
  async up(db) {
    // The chain watcher (server/chain/): per chain a cursor (the first block not yet scanned), hashes of recent
    // blocks for reorganisation checks, a lease so one instance watches each chain, and every transfer to one of
    // our addresses, once per (chain, tx, log). Amounts are token base units in numeric(78, 0): all of uint256.
    await sql`
        create table chain_cursors (
          chain_id bigint primary key,
          start_block bigint not null check (start_block >= 0),
          next_block bigint not null check (next_block >= 0),
          genesis_hash text not null,
          head_number bigint,
          head_hash text,
          updated_at timestamptz not null default now()
        )`.execute(db);
    await sql`
        create table chain_blocks (
          chain_id bigint not null,
          number bigint not null,
          hash text not null,
          primary key (chain_id, number)
        )`.execute(db);
    await sql`
        create table chain_leases (
          chain_id bigint primary key,
          holder text not null,
          expires_at timestamptz not null,
          acquired_at timestamptz not null default now()
        )`.execute(db);
    await sql`
        create table chain_transfers (
          id bigint generated always as identity primary key,
          chain_id bigint not null,
          tx_hash text not null,
          log_index integer not null check (log_index >= 0),
          block_number bigint not null,
          block_hash text not null,
          token text not null,
          from_address text not null,
          to_address text not null,
          amount numeric(78, 0) not null check (amount >= 0),
          status text not null default 'seen' check (status in ('seen', 'confirmed', 'removed')),
          confirmations integer not null default 0,
          seen_at timestamptz not null default now(),
          confirmed_at timestamptz,
          removed_at timestamptz,
          unique (chain_id, tx_hash, log_index)
        )`.execute(db);
    await sql`create index chain_transfers_pending on chain_transfers (chain_id, block_number) where status = 'seen'`.execute(
      db,
    );
    await sql`create index chain_transfers_by_block on chain_transfers (chain_id, block_number)`.execute(db);
    await sql`create index chain_transfers_by_recipient on chain_transfers (to_address, chain_id, block_number)`.execute(
      db,
    );
    // Watch-only receiving addresses: BIP-44 index i of WALLET_XPUB (m/44'/60'/0'/0/i), one per merchant. The
    // same EVM address serves every EVM chain. Rows are never deleted: money may still arrive at an old address.
    await sql`create sequence receiving_address_index as integer minvalue 0 start with 0`.execute(db);
    await sql`
        create table receiving_addresses (
          address_index integer primary key check (address_index >= 0),
          address text not null unique,
          merchant_id bigint unique references merchants (id),
          created_at timestamptz not null default now()
        )`.execute(db);
  },
};
