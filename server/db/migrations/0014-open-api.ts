import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0014_open_api (issue 27): the open API's spent nonces and the end users' deposit addresses. */
export const migration0014OpenApi: Migration = {
  async up(db) {
    // A signed request's nonce, kept until its signature is too old to be accepted anyway (created + 5 minutes): a
    // second insert of the same key and nonce inside that window is a replay.
    await sql`
        create table open_api_nonces (
          app_key text not null,
          nonce text not null check (char_length(nonce) between 1 and 256),
          expires_at timestamptz not null,
          primary key (app_key, nonce)
        )`.execute(db);
    await sql`create index open_api_nonces_by_expiry on open_api_nonces (expires_at)`.execute(db);
    // One address per application, end user and chain (the open API's create is idempotent on that key); the address
    // is the CREATE2 address of the end user's forwarder (server/chain/deposit-forwarder.ts), computed, never a key.
    await sql`
        create table deposit_addresses (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          application_id bigint not null references applications (id) on delete cascade,
          end_user_id text not null check (char_length(end_user_id) between 1 and 128),
          chain_id integer not null,
          factory text not null check (factory ~ '^0x[0-9a-fA-F]{40}$'),
          salt text not null check (salt ~ '^0x[0-9a-f]{64}$'),
          address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
          created_at timestamptz not null,
          unique (application_id, end_user_id, chain_id),
          unique (chain_id, address)
        )`.execute(db);
    // The package's wallet limit counts a merchant's addresses.
    await sql`create index deposit_addresses_by_merchant on deposit_addresses (merchant_id)`.execute(db);
  },
};
