import type { ColumnType, Generated } from "kysely";
import type { Id, IdRef, Int8, Numeric } from "./columns.ts";

/** Pay from the dev wallet: the order's one transfer on its way (devnet only). */
export interface DevPaymentsTable {
  order_id: Int8;
  tx_hash: string | null;
  created_at: Date;
}

export type PackageKindColumn = "trial" | "standard" | "enterprise";

export type TermUnitColumn = "day" | "month" | "quarter" | "year";

/** The packages a merchant buys; seeded by migration 0006 (never truncated by the tests). */
export interface PackagesTable {
  id: Id;
  code: string;
  /** en-US; the console shows `packages.names.<code>` in the merchant's language. */
  name: string;
  kind: PackageKindColumn;
  price: Numeric;
  term_unit: TermUnitColumn;
  term_count: number;
  /** null: unlimited. */
  limit_wallets: number | null;
  limit_currencies: number | null;
  limit_applications: number | null;
  sort_order: number;
}

export type OrderStatusColumn = "pending" | "waiting" | "paid" | "cancelled" | "failed";

export type PayTypeColumn = "chain" | "balance" | "mixed" | "free";

/** A merchant's order for a package; at most one open (pending or waiting) per merchant (partial unique index). */
export interface OrdersTable {
  id: Id;
  order_code: string;
  merchant_id: IdRef;
  package_id: IdRef;
  /** USDT, numeric(20, 6). */
  amount: Numeric;
  status: OrderStatusColumn;
  upgrade: "new" | "extend" | "replace";
  trial: Generated<boolean>;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  pay_type: PayTypeColumn | null;
  finish_pressed_at: Date | null;
  /** When it was paid, cancelled or failed; null while open. */
  closed_at: Date | null;
  /** USDT taken from the balance for it, numeric(38, 18). */
  from_balance: ColumnType<string, string | undefined, string>;
  /** The bought package's expiry, set when it is paid. */
  package_expires_at: Date | null;
  /**
   * USDT, numeric(20, 6): the unused part of the current package credited against the price (migration 0040); the
   * price is amount + credit.
   */
  credit: ColumnType<string, string | undefined, string>;
  /** The paid order whose package run the credit is for; null without a credit. */
  credit_order_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A chain transfer counted for an order; one row per transfer at most. */
export interface OrderTransfersTable {
  transfer_id: IdRef;
  order_id: IdRef;
  merchant_id: IdRef;
  product: string;
  /** USDT, numeric(38, 18), converted with the token's decimals when attached. */
  amount: Numeric;
  /** The chain's confirmations at the time. */
  required: number;
  /** Its confirmation was counted for the (then open) order. */
  counted: Generated<boolean>;
  /** It confirmed after its order closed, so it went to the balance instead. */
  to_balance: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

export type LedgerAccountKindColumn =
  | "merchant"
  | "merchantDebt"
  | "order"
  | "receipts"
  | "treasury"
  | "revenue"
  | "reorgLoss"
  | "withdrawal"
  | "nativeHolder"
  | "gasExpense"
  | "gasFunding"
  | "operatorFloat";

/**
 * An account of the double-entry ledger (migration 0012): a merchant's balance, an open order's money, a chain's
 * receipts of one token (what sits at merchants' addresses), the treasury's holding of it (migration 0027), order
 * revenue, reorganisation losses. `balance` is the sum of its lines, kept by a trigger;
 * a merchant's or an order's never below 0, receipts and losses never above (CHECK).
 */
export interface LedgerAccountsTable {
  id: Id;
  kind: LedgerAccountKindColumn;
  merchant_id: IdRef | null;
  order_id: IdRef | null;
  /** A withdrawal's held money (migration 0028). */
  withdrawal_id: ColumnType<string | null, string | null | undefined, string | null>;
  chain_id: ColumnType<string | null, string | null | undefined, string | null>;
  token: string | null;
  decimals: number | null;
  currency: ColumnType<string, string | undefined, string>;
  balance: ColumnType<string, string | undefined, never>;
  /** A `nativeHolder`'s address, lower case (migration 0037). */
  holder: ColumnType<string | null, string | null | undefined, string | null>;
}

export type LedgerJournalKindColumn =
  | "orderReceipt"
  | "orderPaid"
  | "late"
  | "unmatched"
  | "orderClosed"
  | "orderPayment"
  | "refund"
  | "reorg"
  | "restore"
  | "recovery"
  | "deposit"
  | "sweep"
  | "withdrawalHold"
  | "withdrawalRelease"
  | "withdrawalSent"
  | "gasSpent"
  | "gasReturned"
  | "gasFunded"
  | "treasuryFunded"
  | "upgradeCredit";

/** One movement of money with its cause (a transfer and/or an order); its lines sum to zero per currency. */
export interface LedgerJournalsTable {
  id: Id;
  kind: LedgerJournalKindColumn;
  transfer_id: IdRef | null;
  order_id: IdRef | null;
  withdrawal_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A restore's removal, negated exactly; at most one restore per removal. */
  restores: IdRef | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** The sweep whose gas a `gasSpent` / `gasReturned` journal books (migration 0037). */
  collection_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The native holder a `gasFunded` journal funds. */
  holder_account_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LedgerLinesTable {
  id: Id;
  journal_id: IdRef;
  account_id: IdRef;
  currency: string;
  /** Signed, numeric(38, 18). */
  amount: ColumnType<string, string, never>;
}

/** Per transfer credited from chain receipts: its value (from its chain row) and what of it is credited (0 ≤ credited ≤ amount). */
export interface LedgerTransfersTable {
  transfer_id: IdRef;
  account_id: IdRef;
  amount: ColumnType<string, never, never>;
  credited: ColumnType<string, never, never>;
}

/**
 * A line of a merchant's balance account as the merchant's transaction record (migration 0033): written by the
 * ledger's trigger with the line, its journal's time copied for the list's index.
 */
export interface MerchantTransactionsTable {
  id: Id;
  merchant_id: IdRef;
  journal_id: IdRef;
  line_id: IdRef;
  /** Its journal's kind, for the list's filter. */
  kind: LedgerJournalKindColumn;
  /** Signed, numeric(38, 18): credits positive, debits negative. */
  amount: string;
  created_at: Date;
}

/** The merchant's package and until when (one row per merchant). */
export interface SubscriptionsTable {
  merchant_id: IdRef;
  package_id: IdRef;
  order_id: IdRef | null;
  started_at: Date;
  expires_at: Date;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The payments area's tables, its part of `DB` (server/db/schema.ts). */
export interface PaymentsTables {
  dev_payments: DevPaymentsTable;
  packages: PackagesTable;
  orders: OrdersTable;
  order_transfers: OrderTransfersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_journals: LedgerJournalsTable;
  ledger_lines: LedgerLinesTable;
  ledger_transfers: LedgerTransfersTable;
  merchant_transactions: MerchantTransactionsTable;
  subscriptions: SubscriptionsTable;
}
