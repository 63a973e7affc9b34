import { exportTransactions, listTransactions } from "../domain/payments/transaction-records.ts";
import type { HandlerTable } from "../http/handler.ts";
import { listHandlers } from "./list-handlers.ts";

/** Transaction records: every movement of the merchant's balance with its ledger lines, and their CSV. */
export const transactionHandlers: Pick<HandlerTable, "transactionList" | "transactionExport"> = listHandlers(
  { pages: "transactionList", file: "transactionExport" },
  { pages: listTransactions, file: exportTransactions },
);
