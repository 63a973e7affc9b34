import type { IdentityTables } from "./schema/identity.ts";
import type { PlatformTables } from "./schema/platform.ts";
import type { MessagingTables } from "./schema/messaging.ts";
import type { WalletTables } from "./schema/wallet.ts";
import type { ChainTables } from "./schema/chain.ts";
import type { PaymentsTables } from "./schema/payments.ts";
import type { EveryKeyOnce, Merged } from "../../contracts/area-tables.ts";
import type { ApplicationsTables } from "./schema/applications.ts";
import type { BillsTables } from "./schema/bills.ts";
import type { CallbacksTables } from "./schema/callbacks.ts";
import type { CollectionTables } from "./schema/collection.ts";
import type { InvoicesTables } from "./schema/invoices.ts";

export * from "./schema/identity.ts";
export * from "./schema/platform.ts";
export * from "./schema/messaging.ts";
export * from "./schema/wallet.ts";
export * from "./schema/chain.ts";
export * from "./schema/payments.ts";
export * from "./schema/applications.ts";
export * from "./schema/bills.ts";
export * from "./schema/callbacks.ts";
export * from "./schema/collection.ts";
export * from "./schema/invoices.ts";

/**
 * The database's tables, one file per area in server/db/schema/ (a new area adds its file, its line here and its
 * tables in `tableNames`). No table may be in two areas: the typecheck fails on `everyTableOnce` below, naming it.
 */
type AreaTables = [
  IdentityTables,
  PlatformTables,
  MessagingTables,
  WalletTables,
  ChainTables,
  PaymentsTables,
  ApplicationsTables,
  BillsTables,
  CallbacksTables,
  CollectionTables,
  InvoicesTables,
];

export const everyTableOnce: EveryKeyOnce<AreaTables> = true;

export interface DB extends Merged<AreaTables> {}

/** Every table, in an order that truncation with CASCADE accepts. */
export const tableNames = [
  "collection_leases",
  "callback_attempts",
  "callback_deliveries",
  "outbox_events",
  "application_bills",
  "merchant_daily_receipts",
  "merchant_receipts_on_chain",
  "recharge_bills",
  "outgoing_transactions",
  "collections",
  "ledger_transfers",
  "merchant_transactions",
  "ledger_lines",
  "ledger_journals",
  "ledger_accounts",
  "sending_accounts",
  "withdrawals",
  "withdrawal_addresses",
  "open_api_nonces",
  "deposit_addresses",
  "invoices",
  "application_verified_windows",
  "application_proofs",
  "applications",
  "merchant_currencies",
  "sign_in_challenges",
  "totp_recovery_codes",
  "totp_factors",
  "security_events",
  "dev_payments",
  "messages",
  "wallets",
  "sessions",
  "verification_codes",
  "rate_limits",
  "mail_outbox",
  "google_link_tickets",
  "google_used_tokens",
  "order_transfers",
  "subscriptions",
  "orders",
  "merchants",
] as const;
