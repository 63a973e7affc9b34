import { type Kysely, sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { migration0001Initial } from "./migrations/0001-initial.ts";
import { migration0002Messages } from "./migrations/0002-messages.ts";
import { migration0003DemoOrdersGoogleSignIn } from "./migrations/0003-demo-orders-google-sign-in.ts";
import { migration0004Hardening } from "./migrations/0004-hardening.ts";
import { migration0005Chain } from "./migrations/0005-chain.ts";
import { migration0006Orders } from "./migrations/0006-orders.ts";
import { migration0007MoneyOnce } from "./migrations/0007-money-once.ts";
import { migration0008CodesPerRequester } from "./migrations/0008-codes-per-requester.ts";
import { migration0009TwoFactorTotp } from "./migrations/0009-two-factor-totp.ts";
import { migration0010SecurityEvents } from "./migrations/0010-security-events.ts";
import { migration0011GoogleLinkTicketsSealedMail } from "./migrations/0011-google-link-tickets-sealed-mail.ts";
import { migration0012DoubleEntryLedger } from "./migrations/0012-double-entry-ledger.ts";
import { migration0013Applications } from "./migrations/0013-applications.ts";
import { migration0014OpenApi } from "./migrations/0014-open-api.ts";
import { migration0015ApplicationBills } from "./migrations/0015-application-bills.ts";
import { migration0016WebhookSecrets } from "./migrations/0016-webhook-secrets.ts";
import { migration0017CallbackDeliveries } from "./migrations/0017-callback-deliveries.ts";
import { migration0018Collection } from "./migrations/0018-collection.ts";
import { migration0019CallbackAutoAttempts } from "./migrations/0019-callback-auto-attempts.ts";
import { migration0020ApplicationVerifiedWindows } from "./migrations/0020-application-verified-windows.ts";
import { migration0021SignInCodes } from "./migrations/0021-sign-in-codes.ts";
import { migration0022ListIndexes } from "./migrations/0022-list-indexes.ts";
import { migration0023BillStatusIndexes } from "./migrations/0023-bill-status-indexes.ts";
import { migration0024MerchantReorgDebt } from "./migrations/0024-merchant-reorg-debt.ts";
import { migration0025CallbackResultIndex } from "./migrations/0025-callback-result-index.ts";
import { migration0026DepositAddressHistory } from "./migrations/0026-deposit-address-history.ts";
import { migration0027LedgerTreasurySweeps } from "./migrations/0027-ledger-treasury-sweeps.ts";
import { migration0028WithdrawalHolds } from "./migrations/0028-withdrawal-holds.ts";
import { migration0029WithdrawalSending } from "./migrations/0029-withdrawal-sending.ts";
import { migration0030WithdrawalAddresses } from "./migrations/0030-withdrawal-addresses.ts";
import { migration0031WithdrawalWaiting } from "./migrations/0031-withdrawal-waiting.ts";
import { migration0032RechargeBills } from "./migrations/0032-recharge-bills.ts";
import { migration0033MerchantTransactions } from "./migrations/0033-merchant-transactions.ts";
import { migration0034WithdrawalEvents } from "./migrations/0034-withdrawal-events.ts";
import { migration0035WalletForwarders } from "./migrations/0035-wallet-forwarders.ts";
import { migration0036LiveTransactions } from "./migrations/0036-live-transactions.ts";
import { migration0037GasBooks } from "./migrations/0037-gas-books.ts";
import { migration0038FirstApplicationDone } from "./migrations/0038-first-application-done.ts";
import { migration0039MerchantCurrencies } from "./migrations/0039-merchant-currencies.ts";
import { migration0040UpgradeCredit } from "./migrations/0040-upgrade-credit.ts";
import { migration0041ConsoleReceipts } from "./migrations/0041-console-receipts.ts";
import { migration0042JournalsByWithdrawal } from "./migrations/0042-journals-by-withdrawal.ts";
import { migration0043StolenSessionGuards } from "./migrations/0043-stolen-session-guards.ts";
import { migration0044Invoices } from "./migrations/0044-invoices.ts";
import { migration0045InvoiceLife } from "./migrations/0045-invoice-life.ts";

/**
 * Plain SQL, PostgreSQL dialect, run the same on PGlite and on a real server, one file each in migrations/, named here
 * by the name the database records (server/db/migrations.test.ts checks that every file is listed, in order).
 * Never edit a migration that has shipped: add the next one (migrations.test.ts checks each file against its sha-256 in
 * shipped-migrations.sha256; a new migration adds its line there).
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": migration0001Initial,
  "0002_messages": migration0002Messages,
  "0003_demo_orders_google_sign_in": migration0003DemoOrdersGoogleSignIn,
  "0004_hardening": migration0004Hardening,
  "0005_chain": migration0005Chain,
  "0006_orders": migration0006Orders,
  "0007_money_once": migration0007MoneyOnce,
  "0008_codes_per_requester": migration0008CodesPerRequester,
  "0009_two_factor_totp": migration0009TwoFactorTotp,
  "0010_security_events": migration0010SecurityEvents,
  "0011_google_link_tickets_sealed_mail": migration0011GoogleLinkTicketsSealedMail,
  "0012_double_entry_ledger": migration0012DoubleEntryLedger,
  "0013_applications": migration0013Applications,
  "0014_open_api": migration0014OpenApi,
  "0015_application_bills": migration0015ApplicationBills,
  "0016_webhook_secrets": migration0016WebhookSecrets,
  "0017_callback_deliveries": migration0017CallbackDeliveries,
  "0018_collection": migration0018Collection,
  "0019_callback_auto_attempts": migration0019CallbackAutoAttempts,
  "0020_application_verified_windows": migration0020ApplicationVerifiedWindows,
  "0021_sign_in_codes": migration0021SignInCodes,
  "0022_list_indexes": migration0022ListIndexes,
  "0023_bill_status_indexes": migration0023BillStatusIndexes,
  "0024_merchant_reorg_debt": migration0024MerchantReorgDebt,
  "0025_callback_result_index": migration0025CallbackResultIndex,
  "0026_deposit_address_history": migration0026DepositAddressHistory,
  "0027_ledger_treasury_sweeps": migration0027LedgerTreasurySweeps,
  "0028_withdrawal_holds": migration0028WithdrawalHolds,
  "0029_withdrawal_sending": migration0029WithdrawalSending,
  "0030_withdrawal_addresses": migration0030WithdrawalAddresses,
  "0031_withdrawal_waiting": migration0031WithdrawalWaiting,
  "0032_recharge_bills": migration0032RechargeBills,
  "0033_merchant_transactions": migration0033MerchantTransactions,
  "0034_withdrawal_events": migration0034WithdrawalEvents,
  "0035_wallet_forwarders": migration0035WalletForwarders,
  "0036_live_transactions": migration0036LiveTransactions,
  "0037_gas_books": migration0037GasBooks,
  "0038_first_application_done": migration0038FirstApplicationDone,
  "0039_merchant_currencies": migration0039MerchantCurrencies,
  "0040_upgrade_credit": migration0040UpgradeCredit,
  "0041_console_receipts": migration0041ConsoleReceipts,
  "0042_journals_by_withdrawal": migration0042JournalsByWithdrawal,
  "0043_stolen_session_guards": migration0043StolenSessionGuards,
  "0044_invoices": migration0044Invoices,
  "0045_invoice_life": migration0045InvoiceLife,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: the Migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  if (await allRecorded(db)) return;
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * Whether the database recorded exactly these migrations: then there is nothing to migrate, and a start skips the
 * Migrator's catalogue introspection and lock (about 90 ms of every start on PGlite). Anything else (no table yet, a
 * migration missing or unknown here) goes through the Migrator, which migrates or says what is wrong.
 */
// biome-ignore lint/suspicious/noExplicitAny: the Migrator works on any schema
async function allRecorded(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const recorded = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select("name").orderBy("name").execute();
  const names = Object.keys(migrations).sort();
  return recorded.length === names.length && recorded.every((row, i) => row.name === names[i]);
}
