import type { TransactionRecord } from "../../contracts/schemas/transactions.ts";
import { detailSelector, type ListDetailView, type ListTableView, tableSelector } from "../lists/list-selectors.ts";

export type TransactionTableView = ListTableView<TransactionRecord>;
export const selectTransactionTable = tableSelector<TransactionRecord>();

/** The details dialog: closed, or the record as listed with its ledger lines. */
export type TransactionDetailView = ListDetailView<{ record: TransactionRecord }>;
export const selectTransactionDetail = detailSelector<TransactionRecord, { record: TransactionRecord }>((record) => ({
  record,
}));
