import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";

/**
 * Plain SQL, PostgreSQL dialect, run the same on PGlite and on a real server.
 * Never edit a migration that has shipped: add the next one.
 */
const migrations: Record<string, Migration> = {
  "0001_initial": {
    async up(db) {
      await sql`
        create table merchants (
          id bigint generated always as identity (start with 100001) primary key,
          email text not null unique check (email = lower(email)),
          password_hash text not null,
          nick_name text not null default '',
          avatar text not null default '',
          language text not null default 'en-US',
          role text not null default '' check (role in ('', 'user', 'admin')),
          created_at timestamptz not null default now(),
          last_login_at timestamptz,
          last_login_ip text,
          previous_login_at timestamptz,
          previous_login_ip text
        )`.execute(db);
      await sql`
        create table sessions (
          token_hash text primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          created_at timestamptz not null default now(),
          revoked_at timestamptz
        )`.execute(db);
      await sql`create index sessions_by_merchant on sessions (merchant_id) where revoked_at is null`.execute(db);
      await sql`
        create table verification_codes (
          id bigint generated always as identity primary key,
          email text not null,
          purpose text not null check (purpose in ('register', 'reset')),
          code_hash text not null,
          expires_at timestamptz not null,
          attempts integer not null default 0,
          used_at timestamptz,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index verification_codes_latest on verification_codes (email, purpose, created_at desc)`.execute(
        db,
      );
      await sql`
        create table rate_events (
          id bigint generated always as identity primary key,
          bucket text not null,
          subject text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index rate_events_window on rate_events (bucket, subject, created_at)`.execute(db);
      await sql`
        create table mail_outbox (
          id bigint generated always as identity primary key,
          recipient text not null,
          subject text not null,
          body text not null,
          code text,
          created_at timestamptz not null default now(),
          sent_at timestamptz
        )`.execute(db);
      await sql`create index mail_outbox_by_recipient on mail_outbox (recipient, created_at desc)`.execute(db);
      await sql`
        create table wallets (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          product text not null,
          currency text not null,
          address text not null unique,
          created_at timestamptz not null default now(),
          unique (merchant_id, product, currency)
        )`.execute(db);
    },
  },
  "0002_messages": {
    async up(db) {
      // The message box: what the server tells a merchant about events on the account (welcome, password changed, todos).
      await sql`
        create table messages (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          type text not null check (type in ('message', 'notice', 'todo')),
          kind text not null default '',
          title text not null,
          sub_title text not null default '',
          avatar text not null default '',
          content text not null default '',
          message_type smallint check ((type = 'message') = (message_type is null)),
          status smallint not null default 0 check (status in (0, 1)),
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index messages_by_merchant on messages (merchant_id, created_at desc, id desc)`.execute(db);
      // The welcome and the first-login todo come once per merchant, however many requests race.
      await sql`create unique index messages_once on messages (merchant_id, kind) where kind in ('welcome', 'firstApplication')`.execute(
        db,
      );
    },
  },
  "0003_demo_orders_google_sign_in": {
    async up(db) {
      // The public checkout demo (/demo01): its own table, never joined with merchants' data.
      await sql`
        create table demo_orders (
          order_code text primary key,
          amount numeric(20, 6) not null check (amount > 0),
          currency text not null default 'USDT',
          chain text not null,
          address text not null,
          status text not null default 'pending' check (status in ('pending', 'paid')),
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          paid_at timestamptz
        )`.execute(db);
      await sql`create index demo_orders_by_expiry on demo_orders (expires_at)`.execute(db);
      // Sign-in with Google: the account's stable id, so a changed e-mail at Google finds the same merchant.
      await sql`alter table merchants add column google_sub text unique`.execute(db);
    },
  },
  "0004_hardening": {
    async up(db) {
      // Throttling: one row per (bucket, subject) holding its GCRA "theoretical arrival time", so a
      // single upsert counts and decides under the row's lock. Replaces the per-event rows.
      await sql`drop table rate_events`.execute(db);
      await sql`
        create table rate_limits (
          bucket text not null,
          subject text not null,
          tat timestamptz not null,
          primary key (bucket, subject)
        )`.execute(db);
      await sql`create index rate_limits_by_tat on rate_limits (tat)`.execute(db);
      // Sessions end after an idle time as well as after an absolute lifetime.
      await sql`alter table sessions add column last_seen_at timestamptz`.execute(db);
      await sql`update sessions set last_seen_at = created_at`.execute(db);
      await sql`alter table sessions alter column last_seen_at set not null, alter column last_seen_at set default now()`.execute(
        db,
      );
      await sql`create index sessions_by_created on sessions (created_at)`.execute(db);
      // Codes are kept as salted, peppered HMACs from now on: the unsalted ones (10 minutes to live) are dropped.
      await sql`delete from verification_codes`.execute(db);
      await sql`alter table verification_codes add column salt text not null`.execute(db);
      await sql`create index verification_codes_by_expiry on verification_codes (expires_at)`.execute(db);
      // The outbox keeps a code only until it expires; the plain-text copies written so far go now.
      await sql`alter table mail_outbox add column code_expires_at timestamptz`.execute(db);
      await sql`update mail_outbox set code = null, body = '' where code is not null`.execute(db);
      await sql`create index mail_outbox_by_created on mail_outbox (created_at)`.execute(db);
    },
  },
  "0005_chain": {
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
  },
  "0006_orders": {
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
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: the Migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
