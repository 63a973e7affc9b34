import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { convertBalanceEntries } from "../ledger-conversion-0012.ts";

/**
 * Migration 0012_double_entry_ledger. Shipped: never edit it, add the next one.
 *
 * Merchant money becomes a double-entry ledger (issue 24). Accounts: each merchant's balance, each open order's money
 * held for it, the chain receipts of each chain and token, order revenue, and reorganisation losses. A journal is one
 * movement with its cause (the transfer and/or the order); its lines sum to zero per currency. The database, not the
 * code, holds the guarantees:
 * - every journal balances (a deferred constraint trigger, checked at commit) and has at least two lines;
 * - an account's balance is stored, moved only by its lines (a trigger), and a merchant's or an order's never goes
 *   below zero (CHECK): a payment the balance does not cover is refused by the row, whoever tries;
 * - a transfer's credits, across orders, balance, removals and returns, are at most its amount: every line on a chain
 *   receipts account names its journal's transfer, the trigger derives that transfer's value from its own chain row
 *   (base units / 10^decimals of the account's token, rounded down) into `ledger_transfers`, and `credited` is CHECKed between 0
 *   and that value. A second credit of a credited transfer breaks the CHECK, a reversal can take back no more than was
 *   credited;
 * - a return after a removal (`restore`) is the exact negation of the removal's journal (checked at commit), at most
 *   once per removal (unique `restores`);
 * - an order is paid once, takes from the balance once and is refunded once (unique per order and kind);
 * - lines and journals are append-only (no update or delete but a cascade).
 */
export const migration0012DoubleEntryLedger: Migration = {
  async up(db) {
    await sql`
        create table ledger_accounts (
          id bigint generated always as identity primary key,
          kind text not null check (kind in ('merchant', 'order', 'receipts', 'revenue', 'reorgLoss')),
          merchant_id bigint references merchants (id) on delete cascade,
          order_id bigint references orders (id) on delete cascade,
          chain_id bigint,
          token text,
          decimals integer check (decimals between 0 and 36),
          currency text not null default 'USDT',
          balance numeric(38, 18) not null default 0,
          unique (id, currency),
          check ((kind = 'merchant') = (merchant_id is not null)),
          check ((kind = 'order') = (order_id is not null)),
          check ((kind = 'receipts') = (chain_id is not null and token is not null and decimals is not null)),
          constraint ledger_balance_not_negative check (kind not in ('merchant', 'order', 'revenue') or balance >= 0),
          constraint ledger_receipts_not_positive check (kind not in ('receipts', 'reorgLoss') or balance <= 0)
        )`.execute(db);
    await sql`create unique index ledger_accounts_merchant on ledger_accounts (merchant_id) where kind = 'merchant'`.execute(
      db,
    );
    await sql`create unique index ledger_accounts_order on ledger_accounts (order_id) where kind = 'order'`.execute(db);
    await sql`create unique index ledger_accounts_receipts on ledger_accounts (chain_id, token) where kind = 'receipts'`.execute(
      db,
    );
    await sql`create unique index ledger_accounts_platform on ledger_accounts (kind) where kind in ('revenue', 'reorgLoss')`.execute(
      db,
    );
    await sql`
        create table ledger_journals (
          id bigint generated always as identity primary key,
          kind text not null check (kind in ('orderReceipt', 'orderPaid', 'late', 'unmatched', 'orderClosed',
            'orderPayment', 'refund', 'reorg', 'restore', 'recovery')),
          transfer_id bigint references chain_transfers (id) on delete cascade,
          order_id bigint references orders (id) on delete cascade,
          restores bigint unique references ledger_journals (id) on delete cascade,
          created_at timestamptz not null default now(),
          constraint ledger_journal_has_cause check (transfer_id is not null or order_id is not null),
          check ((kind = 'restore') = (restores is not null)),
          check (kind not in ('orderReceipt', 'late', 'unmatched', 'reorg', 'restore') or transfer_id is not null),
          check (kind not in ('orderReceipt', 'orderPaid', 'orderClosed', 'orderPayment', 'refund') or order_id is not null)
        )`.execute(db);
    await sql`create index ledger_journals_by_transfer on ledger_journals (transfer_id, id) where transfer_id is not null`.execute(
      db,
    );
    await sql`create index ledger_journals_by_order on ledger_journals (order_id) where order_id is not null`.execute(
      db,
    );
    await sql`create unique index ledger_journals_order_paid on ledger_journals (order_id) where kind = 'orderPaid'`.execute(
      db,
    );
    await sql`create unique index ledger_journals_order_payment on ledger_journals (order_id) where kind = 'orderPayment'`.execute(
      db,
    );
    await sql`create unique index ledger_journals_refund on ledger_journals (order_id) where kind = 'refund'`.execute(
      db,
    );
    await sql`
        create table ledger_lines (
          id bigint generated always as identity primary key,
          journal_id bigint not null references ledger_journals (id) on delete cascade,
          account_id bigint not null,
          currency text not null,
          amount numeric(38, 18) not null check (amount <> 0),
          foreign key (account_id, currency) references ledger_accounts (id, currency) on delete cascade
        )`.execute(db);
    await sql`create index ledger_lines_by_journal on ledger_lines (journal_id)`.execute(db);
    await sql`create index ledger_lines_by_account on ledger_lines (account_id, journal_id desc)`.execute(db);
    await sql`
        create table ledger_transfers (
          transfer_id bigint primary key references chain_transfers (id) on delete cascade,
          account_id bigint not null references ledger_accounts (id) on delete cascade,
          amount numeric(38, 18) not null check (amount > 0),
          credited numeric(38, 18) not null default 0,
          constraint ledger_transfer_credit_not_negative check (credited >= 0),
          constraint ledger_transfer_credited_once check (credited <= amount)
        )`.execute(db);

    // A line moves its account's stored balance; a line on chain receipts moves its transfer's credited figure.
    await sql`
        create function ledger_post_line() returns trigger language plpgsql as $$
        declare
          acct record;
          cause bigint;
          moved record;
        begin
          update ledger_accounts set balance = balance + new.amount where id = new.account_id
            returning kind, chain_id, token, decimals into acct;
          if acct.kind = 'receipts' then
            select transfer_id into cause from ledger_journals where id = new.journal_id;
            if cause is null then
              raise exception 'ledger: a line on chain receipts must name its transfer (journal %)', new.journal_id
                using errcode = '23514';
            end if;
            select chain_id, token, amount into moved from chain_transfers where id = cause;
            if moved.chain_id <> acct.chain_id or lower(moved.token) <> lower(acct.token) then
              raise exception 'ledger: transfer % is not of the receipts account''s chain and token', cause
                using errcode = '23514';
            end if;
            insert into ledger_transfers (transfer_id, account_id, amount)
              values (cause, new.account_id, trunc(moved.amount / (10::numeric ^ acct.decimals), 18))
              on conflict (transfer_id) do nothing;
            update ledger_transfers set credited = credited - new.amount where transfer_id = cause;
          end if;
          return null;
        end $$`.execute(db);
    await sql`create trigger ledger_lines_post after insert on ledger_lines for each row execute function ledger_post_line()`.execute(
      db,
    );
    // At commit: each journal balances per currency, has two lines or more, and a restore negates what it restores.
    await sql`
        create function ledger_verify_journal(journal bigint) returns void language plpgsql as $$
        declare
          off record;
          restored bigint;
        begin
          select currency, sum(amount) as total into off from ledger_lines where journal_id = journal
            group by currency having sum(amount) <> 0 limit 1;
          if found then
            raise exception 'ledger: journal % does not balance in % (off by %)', journal, off.currency, off.total
              using errcode = '23514';
          end if;
          if (select count(*) from ledger_lines where journal_id = journal) < 2 then
            raise exception 'ledger: journal % has fewer than two lines', journal using errcode = '23514';
          end if;
          select restores into restored from ledger_journals where id = journal;
          if restored is not null and exists (
            ((select account_id, sum(amount) from ledger_lines where journal_id = journal group by account_id)
              except (select account_id, -sum(amount) from ledger_lines where journal_id = restored group by account_id))
            union all
            ((select account_id, -sum(amount) from ledger_lines where journal_id = restored group by account_id)
              except (select account_id, sum(amount) from ledger_lines where journal_id = journal group by account_id))
          ) then
            raise exception 'ledger: journal % is not the exact reverse of journal %', journal, restored
              using errcode = '23514';
          end if;
        end $$`.execute(db);
    await sql`
        create function ledger_check_line_journal() returns trigger language plpgsql as $$
        begin
          perform ledger_verify_journal(new.journal_id);
          return null;
        end $$`.execute(db);
    await sql`
        create function ledger_check_journal() returns trigger language plpgsql as $$
        begin
          perform ledger_verify_journal(new.id);
          return null;
        end $$`.execute(db);
    await sql`create constraint trigger ledger_lines_balanced after insert on ledger_lines deferrable initially deferred for each row execute function ledger_check_line_journal()`.execute(
      db,
    );
    await sql`create constraint trigger ledger_journals_balanced after insert on ledger_journals deferrable initially deferred for each row execute function ledger_check_journal()`.execute(
      db,
    );
    // Append-only: rows change only from inside the ledger's own triggers or a cascade (trigger depth 2 and more).
    await sql`
        create function ledger_append_only() returns trigger language plpgsql as $$
        begin
          if pg_trigger_depth() < 2 then
            raise exception 'ledger: % is written only by posting lines (% refused)', tg_table_name, tg_op
              using errcode = '42501';
          end if;
          return case when tg_op = 'DELETE' then old else new end;
        end $$`.execute(db);
    for (const table of ["ledger_lines", "ledger_journals"])
      await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)} for each row execute function ledger_append_only()`.execute(
        db,
      );
    await sql`create trigger ledger_accounts_balance_by_lines before update or delete on ledger_accounts for each row execute function ledger_append_only()`.execute(
      db,
    );
    await sql`create trigger ledger_transfers_by_lines before insert or update or delete on ledger_transfers for each row execute function ledger_append_only()`.execute(
      db,
    );

    // Today's balance lines and order payments, moved onto the ledger with their dates and causes; then the old table goes.
    await convertBalanceEntries(db);
    await sql`drop table balance_entries`.execute(db);
  },
};
