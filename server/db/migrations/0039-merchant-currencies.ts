import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0039_merchant_currencies (issue 42, My currencies): the token currencies a merchant's applications accept,
 * by chain and lower-cased contract. A merchant without a row accepts the first currencies of the Currency list, as
 * many as its package allows (server/domain/applications/accepted-currencies.ts); its first change writes that default
 * as rows, so from then on the rows with `accepted` are the whole choice.
 */
export const migration0039MerchantCurrencies: Migration = {
  async up(db) {
    await sql`
        create table merchant_currencies (
          merchant_id bigint not null references merchants (id) on delete cascade,
          chain_id bigint not null,
          token text not null check (token ~ '^0x[0-9a-f]{40}$'),
          accepted boolean not null,
          changed_at timestamptz not null,
          primary key (merchant_id, chain_id, token)
        )`.execute(db);
  },
};
