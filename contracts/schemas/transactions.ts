import * as z from "zod/mini";
import { balanceEntryKinds } from "./balance.ts";
import { isoTimeField, trimmedText } from "./fields.ts";
import { listPage, listPaging } from "./list.ts";

/** A signed decimal string: credits positive, debits negative. */
const signedAmount = z.string().check(z.regex(/^-?\d{1,20}(\.\d{1,18})?$/));

/** The accounts a journal's line can move (the ledger's, server/db/schema/payments.ts). */
export const ledgerAccountKinds = [
  "merchant",
  "merchantDebt",
  "order",
  "receipts",
  "treasury",
  "revenue",
  "reorgLoss",
  "withdrawal",
] as const;

/**
 * A transaction record (spec sections 2–3): one movement of the merchant's balance, newest first — an order
 * paid from it, a deposit, a recharge, a withdrawal held with its fee and one given back, a reversal after a
 * reorganisation — with the journal's every line (the other side of the movement), and the transfer on chain or the
 * withdrawal behind it.
 */
export const transactionRecord = z.object({
  /** The record's number. */
  id: z.string(),
  kind: z.enum(balanceEntryKinds),
  /** What the balance moved: signed. */
  amount: signedAmount,
  createdAt: z.iso.datetime(),
  orderCode: z.nullable(z.string()),
  /** The transfer on chain behind it (deposits, recharges, payments, reversals): its chain, transaction and block. */
  chain: z.nullable(z.string()),
  txHash: z.nullable(z.string()),
  blockNumber: z.nullable(z.string()),
  /**
   * How many confirmations the transaction on chain has, of how many its chain asks: a withdrawal's counts while it
   * is mined and not yet paid (the records follow it live); null when no transaction is mined for it yet.
   */
  confirmations: z.nullable(z.int().check(z.minimum(0))),
  requiredConfirmations: z.nullable(z.int().check(z.minimum(1))),
  /** The withdrawal behind it, its state and its transaction: seen mined while it counts, then paid. */
  withdrawalId: z.nullable(z.string()),
  withdrawalStatus: z.nullable(z.string()),
  /** The journal's lines, in the order posted: the account each moved, signed. */
  lines: z.array(z.object({ account: z.enum(ledgerAccountKinds), amount: signedAmount })),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

export const maxTransactionPageSize = 100;

/** Transaction records' filters, every one optional: what moved, when, and its transaction. */
export const transactionFilters = {
  kind: z.optional(z.enum(balanceEntryKinds)),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
  /** A whole transaction hash (any case): the transfer's, or a paid withdrawal's. */
  txHash: z.optional(trimmedText(z.regex(/^(0x[0-9a-fA-F]{64})?$/, "validation.txHash"))),
};

/** Transaction records, newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const transactionListRequest = z.strictObject({ ...transactionFilters, ...listPaging(maxTransactionPageSize) });
export type TransactionListRequest = z.infer<typeof transactionListRequest>;
export const transactionListResult = listPage(transactionRecord);
export type TransactionListResult = z.infer<typeof transactionListResult>;

/** The same records as a CSV file: every one the filters select, as the list reads them, the ledger a column an account. */
export const transactionExportRequest = z.strictObject(transactionFilters);
export type TransactionExportRequest = z.infer<typeof transactionExportRequest>;

/**
 * Transaction records live (server-sent events; `transactionEvents` in the endpoint table, marked `stream`): `GET` this
 * path, no query; `event: transaction` + `data: <transactionRecord JSON>` for each record written (a credit, a
 * payment, a withdrawal held or given back) and for a withdrawal's records whenever it changes (waiting for the
 * treasury, signed, broadcast, a confirmation more, paid, failed). Nothing is sent at once: the page lists the records
 * itself. Transaction records and My wallet follow it.
 */
export const transactionEventsPath = "/api/Transaction/Events";
export const transactionEventName = "transaction";
export const transactionEventsQuery = z.strictObject({});
