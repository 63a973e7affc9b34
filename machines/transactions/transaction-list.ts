import { balanceEntryKinds } from "../../contracts/schemas/balance.ts";
import { transactionsEndpoints } from "../../contracts/endpoints/transactions.ts";
import { listArea } from "../lists/list-area.ts";

/**
 * Transaction records on the list framework: every movement of the merchant's balance, newest first,
 * searched by what moved, when, and its transaction; each record's ledger lines in its details. Live: records arrive
 * as they are written, and a withdrawal's records follow it while it is signed, sent and counts its confirmations.
 */
export const transactionListArea = listArea(
  { pages: transactionsEndpoints.transactionList, file: transactionsEndpoints.transactionExport },
  {
    name: "transactions",
    fields: [
      {
        name: "kind",
        kind: "choice",
        options: balanceEntryKinds,
        optionLabels: "transactions.kind",
        any: "transactions.search.anyKind",
      },
      { name: "txHash", kind: "text", code: "hex" },
      { name: "startTime", kind: "from" },
      { name: "endTime", kind: "until" },
    ],
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (record) => record.id,
    // New records and a withdrawal's changes (its confirmations counting) arrive on the records' stream.
    live: true,
  },
);
