import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0040_upgrade_credit (issue 42, "Upgrading keeps what was paid"). Buying a higher package while a paid one
 * is active credits the unused part of the current one, prorated by time (server/domain/payments/upgrade-credit.ts):
 * the order's `amount` is what is to pay, `credit` what the current package's unused time is worth (so its price is
 * amount + credit), and `credit_order_id` the paid order whose run it credits (the subscription's latest order).
 *
 * A run is credited once: at most one order that is open or paid names it (`orders_credit_once`), so two upgrades at
 * once, or an upgrade cancelled and made again, never credit the same unused time twice. Paying posts the credit as
 * one `upgradeCredit` journal (from revenue, which took the current package's price, into the new order's account),
 * once per order.
 */
export const migration0040UpgradeCredit: Migration = {
  async up(db) {
    await sql`alter table orders add column credit numeric(20, 6) not null default 0 check (credit >= 0)`.execute(db);
    await sql`alter table orders add column credit_order_id bigint references orders (id)`.execute(db);
    await sql`alter table orders add constraint orders_credit_names_order
      check ((credit > 0) = (credit_order_id is not null))`.execute(db);
    await sql`create unique index orders_credit_once on orders (credit_order_id)
      where status in ('pending', 'waiting', 'paid')`.execute(db);
    await sql`alter table ledger_journals drop constraint ledger_journals_kind_check`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journals_kind_check check (kind in ('orderReceipt',
      'orderPaid', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'refund', 'reorg', 'restore', 'recovery',
      'deposit', 'sweep', 'withdrawalHold', 'withdrawalRelease', 'withdrawalSent', 'gasSpent', 'gasReturned',
      'gasFunded', 'treasuryFunded', 'upgradeCredit'))`.execute(db);
    await sql`create unique index ledger_journals_upgrade_credit on ledger_journals (order_id)
      where kind = 'upgradeCredit'`.execute(db);
  },
};
