import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0024_merchant_reorg_debt (issue 41, "a deep reorganisation's loss does not depend on the order removals
 * are processed"): a merchant's debt account (`merchantDebt`, one per merchant). A removal that finds the merchant's
 * balance short of what the removed transfer gave them records the rest there, as owed by the merchant, instead of as
 * the platform's reorganisation loss; the merchant's next money pays it back (`recovery` journals), a return of the
 * transfer included. The account's balance is what the merchant owes (negative) or, for a moment within one
 * transaction, what a return gave back beyond it (positive, handed back at once): it has no sign constraint of its own.
 * A `recovery` journal moves money between the merchant's two accounts and names no transfer or order: naming the
 * credit that paid the debt back would count the recovery as that transfer's share (what a later removal of it takes).
 */
export const migration0024MerchantReorgDebt: Migration = {
  async up(db) {
    await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check
      check (kind in ('merchant', 'merchantDebt', 'order', 'receipts', 'revenue', 'reorgLoss'))`.execute(db);
    await sql`alter table ledger_accounts drop constraint ledger_accounts_check`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_merchant_check
      check ((kind in ('merchant', 'merchantDebt')) = (merchant_id is not null))`.execute(db);
    await sql`alter table ledger_journals drop constraint ledger_journal_has_cause`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journal_has_cause
      check (kind = 'recovery' or transfer_id is not null or order_id is not null)`.execute(db);
    await sql`create unique index ledger_accounts_merchant_debt on ledger_accounts (merchant_id) where kind = 'merchantDebt'`.execute(
      db,
    );
  },
};
