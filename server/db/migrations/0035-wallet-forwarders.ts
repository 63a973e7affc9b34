import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0035_wallet_forwarders (issue 41, "what a merchant can withdraw is money the treasury can reach"): the
 * merchant's own payment address (My wallet, GetUserWallet), on a chain with a deposit factory, is a forwarder like
 * the deposit addresses of its applications — a `deposit_addresses` row with no application — so a transfer to it is
 * recorded as a bill (with no application: the collection's record, listed in no application's bills) and swept into
 * the treasury, and credited to the balance as a recharge. One per merchant and chain.
 */
export const migration0035WalletForwarders: Migration = {
  async up(db) {
    await sql`alter table deposit_addresses alter column application_id drop not null`.execute(db);
    await sql`alter table deposit_addresses add constraint deposit_addresses_wallet_end_user
      check (application_id is not null or end_user_id = 'merchant-wallet')`.execute(db);
    await sql`create unique index deposit_addresses_merchant_wallet on deposit_addresses (merchant_id, chain_id)
      where application_id is null`.execute(db);
    await sql`alter table application_bills alter column application_id drop not null`.execute(db);
  },
};
