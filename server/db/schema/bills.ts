import type { ColumnType } from "kysely";
import type { Id, IdRef } from "./columns.ts";
import type { InvoiceEventType } from "../../../contracts/schemas/invoice-states.ts";

export type BillStatusColumn = "confirming" | "credited" | "dropped" | "reversed";

export type NoticeStatusColumn = "notNotified" | "success" | "failed";

/** A transfer to a deposit address: one bill per chain transfer; the chain row holds its from, to, block and hash. */
export interface ApplicationBillsTable {
  id: Id;
  bill_no: string;
  merchant_id: IdRef;
  /** Null for a transfer to the merchant's own payment address (migration 0035): a recharge, in no application's bills. */
  application_id: IdRef | null;
  deposit_address_id: IdRef;
  transfer_id: IdRef;
  currency: string;
  /** The transfer's value in the token's unit, as the ledger credits it. */
  amount: string;
  status: ColumnType<BillStatusColumn, BillStatusColumn | undefined, BillStatusColumn>;
  confirmations: ColumnType<number, number | undefined, number>;
  required: number;
  seen_at: Date;
  credited_at: Date | null;
  removed_at: Date | null;
  notice_status: ColumnType<NoticeStatusColumn, NoticeStatusColumn | undefined, NoticeStatusColumn>;
  collection_amount: string | null;
  delivery_address: string | null;
  transfer_amount: string | null;
  /** The sweep covering it (migration 0018): set when sent, cleared when it fails or a reorganisation removes it. */
  collection_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sweep's gas fee in wei, once confirmed. */
  collection_gas_fee: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OutboxEventTypeColumn =
  | "deposit.credited"
  | "deposit.reversed"
  | "withdrawal.awaitingApproval"
  | "withdrawal.requested"
  | "withdrawal.signed"
  | "withdrawal.broadcast"
  | "withdrawal.confirmed"
  | "withdrawal.failed"
  | InvoiceEventType;

/** An event for a merchant's system, written with what caused it; delivered by the callbacks. */
export interface OutboxEventsTable {
  id: Id;
  event_id: string;
  type: OutboxEventTypeColumn;
  merchant_id: IdRef;
  application_id: IdRef;
  bill_id: IdRef | null;
  /** The withdrawal a `withdrawal.*` event tells of (migration 0034). */
  withdrawal_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The invoice an `invoice.*` event tells of (migration 0045). */
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  payload: unknown;
  created_at: Date;
}

export type RechargeReasonColumn = "unmatched" | "late" | "excess" | "orderClosed";

/**
 * A credit of the merchant's balance by a chain transfer that is not an application deposit (migration 0032): one
 * per ledger journal, written by the ledger's trigger in the transaction that posts it.
 */
export interface RechargeBillsTable {
  id: Id;
  bill_no: string;
  merchant_id: IdRef;
  journal_id: IdRef;
  transfer_id: IdRef;
  reason: RechargeReasonColumn;
  order_id: IdRef | null;
  /** What the balance received, in USDT (numeric). */
  amount: string;
  created_at: Date;
}

/** A merchant's credited application bills of one UTC day of pay time, summed (migration 0041, by trigger). */
export interface MerchantDailyReceiptsTable {
  merchant_id: IdRef;
  day: ColumnType<string, string, string>;
  amount: string;
  bills: ColumnType<string, string | number, string | number>;
}

/** A merchant's credited application bills not collected yet, summed (migration 0041, by trigger). */
export interface MerchantReceiptsOnChainTable {
  merchant_id: IdRef;
  amount: string;
}

/** The bills area's tables, its part of `DB` (server/db/schema.ts). */
export interface BillsTables {
  application_bills: ApplicationBillsTable;
  merchant_daily_receipts: MerchantDailyReceiptsTable;
  merchant_receipts_on_chain: MerchantReceiptsOnChainTable;
  outbox_events: OutboxEventsTable;
  recharge_bills: RechargeBillsTable;
}
