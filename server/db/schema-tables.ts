// Written by scripts/registries.ts from the files of server/db/schema/ (`npm run test:house` rewrites it): do not edit.
import type { ApplicationsTables } from "./schema/applications.ts";
import type { BillsTables } from "./schema/bills.ts";
import type { CallbacksTables } from "./schema/callbacks.ts";
import type { ChainTables } from "./schema/chain.ts";
import type { CollectionTables } from "./schema/collection.ts";
import type { IdentityTables } from "./schema/identity.ts";
import type { InvoicesTables } from "./schema/invoices.ts";
import type { MessagingTables } from "./schema/messaging.ts";
import type { PaymentsTables } from "./schema/payments.ts";
import type { PlatformTables } from "./schema/platform.ts";
import type { WalletTables } from "./schema/wallet.ts";

export * from "./schema/applications.ts";
export * from "./schema/bills.ts";
export * from "./schema/callbacks.ts";
export * from "./schema/chain.ts";
export * from "./schema/collection.ts";
export * from "./schema/identity.ts";
export * from "./schema/invoices.ts";
export * from "./schema/messaging.ts";
export * from "./schema/payments.ts";
export * from "./schema/platform.ts";
export * from "./schema/wallet.ts";

/** The areas' tables, one file each in server/db/schema/ (its `export interface <Area>Tables`). */
export type AreaTables = [
  ApplicationsTables,
  BillsTables,
  CallbacksTables,
  ChainTables,
  CollectionTables,
  IdentityTables,
  InvoicesTables,
  MessagingTables,
  PaymentsTables,
  PlatformTables,
  WalletTables,
];

/** Every table the areas declare. */
export const areaTableNames = [
  "applications",
  "application_proofs",
  "application_verified_windows",
  "open_api_nonces",
  "deposit_addresses",
  "merchant_currencies",
  "application_bills",
  "merchant_daily_receipts",
  "merchant_receipts_on_chain",
  "outbox_events",
  "recharge_bills",
  "callback_deliveries",
  "callback_attempts",
  "chain_cursors",
  "chain_blocks",
  "chain_leases",
  "chain_transfers",
  "receiving_addresses",
  "sending_accounts",
  "outgoing_transactions",
  "collections",
  "collection_leases",
  "merchants",
  "sessions",
  "verification_codes",
  "google_link_tickets",
  "google_used_tokens",
  "totp_factors",
  "totp_recovery_codes",
  "sign_in_challenges",
  "security_events",
  "invoices",
  "messages",
  "dev_payments",
  "packages",
  "orders",
  "order_transfers",
  "ledger_accounts",
  "ledger_journals",
  "ledger_lines",
  "ledger_transfers",
  "merchant_transactions",
  "subscriptions",
  "rate_limits",
  "mail_outbox",
  "wallets",
  "withdrawals",
  "withdrawal_addresses",
] as const;
