import type { TransactionRecord } from "../../contracts/schemas/transactions.ts";
import { type ListDetailView, type ListTableView, listSelectors } from "../lists/list-selectors.ts";
import { transactionListArea } from "./transaction-list.ts";

export type TransactionTableView = ListTableView<TransactionRecord>;
/** The details dialog: closed, or the record as listed with its ledger lines. */
export type TransactionDetailView = ListDetailView<{ record: TransactionRecord }>;
export const { selectTable: selectTransactionTable, selectDetail: selectTransactionDetail } = listSelectors(
  transactionListArea,
  { detail: (record) => ({ record }) },
);
