import { transactionListArea } from "../../../machines/transactions/transaction-list.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** Transaction records' list with its pages from the API and its records' live stream. */
export const provideTransactionList = ({ api }: Uses<never, "transactions">) =>
  provideList(transactionListArea, {
    loadPage: (request) => api.transactions.list(request),
    watchRows: (send) =>
      api.transactions.watch(
        {},
        {
          onEvent: (record) => send({ type: "row.updated", row: record }),
          onError: () => send({ type: "feed.failed" }),
        },
      ),
  });

/** Transaction records' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideTransactionExport = ({ api, saveFile }: Uses<"saveFile", "transactions">) =>
  provideListExport(transactionListArea, api.transactions.export, saveFile);
