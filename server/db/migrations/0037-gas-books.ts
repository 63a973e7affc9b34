import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0037_gas_books (issue 41, "books that cover every coin"): the gas the platform's own transactions pay is
 * in the ledger, in the chain's native coin, beside the USDT accounts:
 *  - `nativeHolder`: the native coin one of the platform's addresses holds on a chain (the gas payer that sends sweeps,
 *    the treasury that sends withdrawals), one account per chain and address (`holder`), in the chain's native
 *    currency ("ETH"); never below zero;
 *  - `gasExpense`: what those transactions burnt as gas, per chain: a `gasSpent` journal (from the holder to it) per
 *    sweep (`collection_id`) or withdrawal that was mined, and a change (`gasSpent` or `gasReturned`) when a
 *    reorganisation takes it away or mines it again at another price;
 *  - `gasFunding`: the operator's coin put into a holder, per chain: a `gasFunded` journal (no cause but the holder)
 *    for what the chain shows at the holder beyond its books at a settled block — its opening balance, a top-up.
 */
export const migration0037GasBooks: Migration = {
  async up(db) {
    // PostgreSQL alters no table with pending trigger events (see 0015): checked now, deferred again after.
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced immediate`.execute(db);
    await sql`set constraints ledger_lines_balanced, ledger_journals_balanced deferred`.execute(db);
    await sql`alter table ledger_accounts add column holder text check (holder ~ '^0x[0-9a-f]{40}$')`.execute(db);
    await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('merchant',
      'merchantDebt', 'order', 'receipts', 'treasury', 'revenue', 'reorgLoss', 'withdrawal', 'nativeHolder',
      'gasExpense', 'gasFunding'))`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_accounts_native_check
      check ((kind = 'nativeHolder') = (holder is not null)
        and (kind not in ('nativeHolder', 'gasExpense', 'gasFunding') or (chain_id is not null and currency <> 'USDT')))`.execute(
      db,
    );
    await sql`alter table ledger_accounts drop constraint ledger_balance_not_negative`.execute(db);
    await sql`alter table ledger_accounts add constraint ledger_balance_not_negative
      check (kind not in ('merchant', 'order', 'revenue', 'withdrawal', 'nativeHolder', 'gasExpense') or balance >= 0)`.execute(
      db,
    );
    await sql`alter table ledger_accounts add constraint ledger_gas_funding_not_positive
      check (kind <> 'gasFunding' or balance <= 0)`.execute(db);
    await sql`create unique index ledger_accounts_native_holder on ledger_accounts (chain_id, holder)
      where kind = 'nativeHolder'`.execute(db);
    await sql`create unique index ledger_accounts_gas on ledger_accounts (chain_id, kind)
      where kind in ('gasExpense', 'gasFunding')`.execute(db);

    await sql`alter table ledger_journals add column collection_id bigint references collections (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table ledger_journals add column holder_account_id bigint references ledger_accounts (id)`.execute(
      db,
    );
    await sql`alter table ledger_journals drop constraint ledger_journals_kind_check`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journals_kind_check check (kind in ('orderReceipt',
      'orderPaid', 'late', 'unmatched', 'orderClosed', 'orderPayment', 'refund', 'reorg', 'restore', 'recovery',
      'deposit', 'sweep', 'withdrawalHold', 'withdrawalRelease', 'withdrawalSent', 'gasSpent', 'gasReturned',
      'gasFunded'))`.execute(db);
    await sql`alter table ledger_journals drop constraint ledger_journal_has_cause`.execute(db);
    await sql`alter table ledger_journals add constraint ledger_journal_has_cause
      check (kind = 'recovery' or transfer_id is not null or order_id is not null or withdrawal_id is not null
        or collection_id is not null or (kind = 'gasFunded' and holder_account_id is not null))`.execute(db);
    // A sweep's or a withdrawal's gas journals, found by it: what the chain that stands burnt, the first booking and
    // each change a reorganisation made (payments/gas-books.ts).
    await sql`create index ledger_journals_collection_gas on ledger_journals (collection_id)
      where kind in ('gasSpent', 'gasReturned')`.execute(db);
    await sql`create index ledger_journals_withdrawal_gas on ledger_journals (withdrawal_id)
      where kind in ('gasSpent', 'gasReturned')`.execute(db);
  },
};
