import { exportTransactions, listTransactions } from "../domain/payments/transaction-records.ts";
import type { HandlerTable } from "../http/handler.ts";

/** Transaction records (issue 41): every movement of the merchant's balance with its ledger lines, and their CSV. */
export const transactionHandlers: Pick<HandlerTable, "transactionList" | "transactionExport"> = {
  transactionList: {
    handle: ({ db, body, session, services }) =>
      listTransactions(db, session.scope, body, { chains: services.currencies.chains, secret: services.secret }),
  },
  transactionExport: {
    handle: async ({ db, body, session, services, now }) =>
      exportTransactions(db, session.scope, body, { chains: services.currencies.chains, now }),
  },
};
