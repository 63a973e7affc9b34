import {
  transactionEventName,
  transactionEventsPath,
  transactionEventsQuery,
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
  /** The records as they are written and as their withdrawals change, live (contracts/schemas/transactions.ts). */
  transactionEvents: endpoint({
    area: "transactions",
    call: "watch",
    method: "GET",
    path: transactionEventsPath,
    body: null,
    query: transactionEventsQuery,
    result: transactionRecord,
    auth: true,
    source: "proposed",
    stream: true,
    event: transactionEventName,
  }),
} as const satisfies Record<string, Endpoint>;
