import {
  transactionExportRequest,
  transactionListRequest,
  transactionListResult,
  transactionRecord,
} from "../schemas/transactions.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** Transaction records' calls (`api.transactions.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const transactionsEndpoints = {
  /** Every movement of the merchant's balance, newest first, with its ledger lines (issue 41). */
  transactionList: endpoint({
    area: "transactions",
    call: "list",
    method: "POST",
    path: "/api/Transaction/List",
    body: transactionListRequest,
    query: null,
    result: transactionListResult,
    auth: true,
    source: "proposed",
  }),
  transactionExport: endpoint({
    area: "transactions",
    call: "export",
    method: "POST",
    path: "/api/Transaction/Export",
    body: transactionExportRequest,
    query: null,
    result: transactionRecord,
    auth: true,
    source: "proposed",
    download: true,
  }),
} as const satisfies Record<string, Endpoint>;
