import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0028_withdrawal_holds (issue 41, "the balance never goes negative under any concurrency"): a merchant's
 * withdrawal and the money it holds. A request moves its amount and fee from the merchant's balance to an account of
 * its own (`withdrawal`) in the transaction that makes it (`withdrawalHold`), so the balance's CHECK refuses an
 * overdraft whoever races; a withdrawal that ends without paying gives it back (`withdrawalRelease`), once — one journal
 * of each kind per withdrawal, by a unique index. An `Idempotency-Key` is unique per merchant: the same key names one
 * withdrawal, whoever sends it how often; `request_hash` (sha-256 of what was asked) tells a retry from another request
 * under the same key.
 */
export const migration0028WithdrawalHolds: Migration = {
  async up(db) {
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced immediate`.execute(db);
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced deferred`.execute(db);
    await sql`
        create table withdrawals (
          id bigint generated always as identity primary key,
          merchant_id bigint not null references merchants (id) on delete cascade,
          idempotency_key text check (char_length(idempotency_key) between 1 and 255),
          request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
          chain_id integer not null,
          token text not null check (token ~ '^0x[0-9a-fA-F]{40}$'),
          to_address text not null check (to_address ~ '^0x[0-9a-fA-F]{40}$'),
          amount numeric(38, 18) not null check (amount > 0),
          fee numeric(38, 18) not null check (fee >= 0),
          status text not null check (status in ('requested', 'awaitingApproval', 'signed', 'broadcast', 'confirmed',
            'failed')),
          failure text,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          unique (merchant_id, idempotency_key)
        )`.execute(db);
    await sql`create index withdrawals_by_merchant on withdrawals (merchant_id, created_at desc, id desc)`.execute(db);
    await sql`alter table ledger_accounts add column withdrawal_id bigint references withdrawals (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('merchant',
      'merchantDebt', 'order', 'receipts', 'treasury', 'revenue', 'reorgLoss', 'withdrawal'))`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_withdrawal_check
      check ((kind = 'withdrawal') = (withdrawal_id is not null))`.execute(db);
    await sql`alter table ledger_accounts drop constraint ledger_balance_not_negative`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_balance_not_negative
      check (kind not in ('merchant', 'order', 'revenue', 'withdrawal') or balance >= 0)`.execute(db);
    await sql`create unique index ledger_accounts_withdrawal on ledger_accounts (withdrawal_id) where kind = 'withdrawal'`.execute(
      db,
    );
    await sql`alter table ledger_journals add column withdrawal_id bigint references withdrawals (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table ledger_journals drop constraint ledger_journals_kind_check`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journals_kind_check check (kind in ('orderReceipt',
      'orderPaid', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'refund', 'reorg', 'restore', 'recovery',
      'deposit', 'sweep', 'withdrawalHold', 'withdrawalRelease'))`.execute(db);
    await sql`alter table ledger_journals drop constraint ledger_journal_has_cause`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journal_has_cause
      check (kind = 'recovery' or transfer_id is not null or order_id is not null or withdrawal_id is not null)`.execute(
      db,
    );
    await sql`alter table ledger_journals add constraint ledger_withdrawal_names_it
      check (kind not in ('withdrawalHold', 'withdrawalRelease') or withdrawal_id is not null)`.execute(db);
    await sql`create unique index ledger_journals_withdrawal on ledger_journals (withdrawal_id, kind)
      where kind in ('withdrawalHold', 'withdrawalRelease')`.execute(db);
  },
};
