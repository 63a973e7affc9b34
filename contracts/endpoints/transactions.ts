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
import { listEndpoints } from "../list-endpoints.ts";

/** Transaction records' calls (`api.transactions.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const transactionsEndpoints = {
  /** Every movement of the merchant's balance, newest first, with its ledger lines. */
  ...listEndpoints({
    area: "transactions",
    names: "transaction",
    path: "/api/Transaction",
    request: transactionListRequest,
    result: transactionListResult,
    filters: transactionExportRequest,
    row: transactionRecord,
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
