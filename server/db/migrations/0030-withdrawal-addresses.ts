import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0030_withdrawal_addresses (issue 41, "an address book with a cool-down"): the destinations a merchant may
 * withdraw to from the console, each usable only from `usable_at` (its adding plus the configured cool-down), so a
 * stolen session cannot add an address and empty the balance into it at once. A removed destination keeps its row
 * (`removed_at`), for the withdrawals that went to it; one live row per merchant, chain and address. Withdrawals asked
 * in the console need a mailed code of their own purpose, `withdrawal`.
 */
export const migration0030WithdrawalAddresses: Migration = {
  async up(db) {
    await sql`
        create table withdrawal_addresses (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          chain_id integer not null,
          address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
          label text not null check (char_length(label) between 1 and 40),
          created_at timestamptz not null,
          usable_at timestamptz not null check (usable_at >= created_at),
          removed_at timestamptz
        )`.execute(db);
    await sql`create unique index withdrawal_addresses_live on withdrawal_addresses (merchant_id, chain_id, address)
      where removed_at is null`.execute(db);
    await sql`create index withdrawal_addresses_by_merchant on withdrawal_addresses (merchant_id, created_at desc, id desc)`.execute(
      db,
    );
    await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
    await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in
      ('register', 'reset', 'change-password', 'link', 'application', 'sign-in', 'withdrawal'))`.execute(db);
  },
};
