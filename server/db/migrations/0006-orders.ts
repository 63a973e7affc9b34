import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/** Migration 0006_orders. Shipped: never edit it, add the next one. */
export const migration0006Orders: Migration = {
  async up(db) {
    // Packages a merchant buys (seeded here; ids are identities sent as strings). Limits null = unlimited.
    await sql`
        create table packages (
          id bigint generated always as identity primary key,
          code text not null unique,
          name text not null,
          kind text not null check (kind in ('trial', 'standard', 'enterprise')),
          price numeric(20, 6) not null check (price >= 0),
          term_unit text not null check (term_unit in ('day', 'month', 'quarter', 'year')),
          term_count integer not null check (term_count > 0),
          limit_wallets integer check (limit_wallets >= 0),
          limit_currencies integer check (limit_currencies >= 0),
          limit_applications integer check (limit_applications >= 0),
          sort_order integer not null
        )`.execute(db);
    await sql`
        insert into packages (code, name, kind, price, term_unit, term_count, limit_wallets, limit_currencies, limit_applications, sort_order) values
          ('trial', 'Trial', 'trial', 0, 'day', 7, 1, 1, 1, 1),
          ('basic', 'Basic', 'standard', 29, 'month', 1, 3, 5, 3, 2),
          ('pro', 'Pro', 'standard', 79, 'quarter', 1, 10, 20, 10, 3),
          ('enterprise', 'Enterprise', 'enterprise', 999, 'year', 1, null, null, null, 4)`.execute(db);
    // Order codes: yyyymmdd (UTC) and this sequence's value, zero-padded (server/domain/payments/orders.ts).
    await sql`create sequence order_code_seq as bigint minvalue 1 start with 1`.execute(db);
    await sql`
        create table orders (
          id bigint generated always as identity primary key,
          order_code text not null unique check (order_code ~ '^[0-9]{8,24}$'),
          merchant_id bigint not null references merchants (id) on delete cascade,
          package_id bigint not null references packages (id),
          amount numeric(20, 6) not null check (amount >= 0),
          status text not null default 'pending' check (status in ('pending', 'waiting', 'paid', 'cancelled', 'failed')),
          upgrade text not null check (upgrade in ('new', 'extend', 'replace')),
          trial boolean not null default false,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          paid_at timestamptz,
          pay_type text check (pay_type in ('chain', 'balance', 'mixed', 'free')),
          finish_pressed_at timestamptz,
          closed_at timestamptz,
          from_balance numeric(38, 18) not null default 0 check (from_balance >= 0),
          package_expires_at timestamptz,
          check ((status = 'paid') = (paid_at is not null)),
          check ((status = 'paid') = (pay_type is not null)),
          check ((status in ('pending', 'waiting')) = (closed_at is null))
        )`.execute(db);
    await sql`create index orders_by_merchant on orders (merchant_id, created_at desc, id desc)`.execute(db);
    // THE matching rule: at most one open order per merchant, so a transfer to the merchant's one receiving address
    // matches that order or none. The index decides it under races (two Create calls at once: one gets 2204).
    await sql`create unique index orders_one_open on orders (merchant_id) where status in ('pending', 'waiting')`.execute(
      db,
    );
    await sql`create unique index orders_one_trial on orders (merchant_id) where trial`.execute(db);
    await sql`create index orders_open_by_expiry on orders (expires_at) where status in ('pending', 'waiting')`.execute(
      db,
    );
    // A chain transfer attached to an order: once per transfer (it can never count for two). The USDT amount, the
    // product and the confirmations required are written when it is attached, so an order reads without the chain
    // settings. `counted` once its confirmation was counted for the open order; `to_balance` when it confirmed after
    // the order closed and went to the balance instead.
    await sql`
        create table order_transfers (
          transfer_id bigint primary key references chain_transfers (id) on delete cascade,
          order_id bigint not null references orders (id) on delete cascade,
          merchant_id bigint not null references merchants (id) on delete cascade,
          product text not null,
          amount numeric(38, 18) not null check (amount >= 0),
          required integer not null check (required >= 1),
          counted boolean not null default false,
          to_balance boolean not null default false,
          check (not (counted and to_balance)),
          created_at timestamptz not null default now()
        )`.execute(db);
    await sql`create index order_transfers_by_order on order_transfers (order_id)`.execute(db);
    // The balance's ledger: credits (excess, late, unmatched, orderClosed) and debits (orderPayment, reorg). A
    // transfer is credited at most once per epoch (epoch = how many times a reorganisation took a credit back).
    await sql`
        create table balance_entries (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          kind text not null check (kind in ('excess', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'reorg')),
          amount numeric(38, 18) not null check ((kind in ('orderPayment', 'reorg')) = (amount < 0)),
          order_id bigint references orders (id) on delete cascade,
          transfer_id bigint references chain_transfers (id) on delete cascade,
          epoch integer not null default 0,
          created_at timestamptz not null default now()
        )`.execute(db);
    await sql`create index balance_entries_by_merchant on balance_entries (merchant_id, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create unique index balance_entries_transfer_credit on balance_entries (transfer_id, epoch) where transfer_id is not null and kind <> 'reorg'`.execute(
      db,
    );
    await sql`create unique index balance_entries_transfer_debit on balance_entries (transfer_id, epoch) where kind = 'reorg'`.execute(
      db,
    );
    await sql`create unique index balance_entries_order_payment on balance_entries (order_id) where kind = 'orderPayment'`.execute(
      db,
    );
    await sql`create unique index balance_entries_order_refund on balance_entries (order_id) where kind = 'orderClosed' and transfer_id is null`.execute(
      db,
    );
    // The merchant's package and until when.
    await sql`
        create table subscriptions (
          merchant_id bigint primary key references merchants (id) on delete cascade,
          package_id bigint not null references packages (id),
          order_id bigint references orders (id) on delete set null,
          started_at timestamptz not null,
          expires_at timestamptz not null,
          updated_at timestamptz not null default now()
        )`.execute(db);
    // GetUserWallet now answers the merchant's real receiving address, which is the same on every EVM chain (one row
    // per product may share it). The addresses handed out so far were random placeholders nobody holds a key to.
    await sql`alter table wallets drop constraint wallets_address_key`.execute(db);
    await sql`delete from wallets`.execute(db);
    await sql`create index wallets_by_address on wallets (address)`.execute(db);
  },
};
