import { fromCallback, fromPromise } from "xstate";
import type { TransactionExportRequest, TransactionListRequest } from "../../../contracts/schemas/transactions.ts";
import { listMachine } from "../../../machines/lists/list-machine.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import type { Uses } from "../../app/services.ts";

/** Transaction records' list with its pages from the API and its records' live stream. */
export const provideTransactionList = ({ api }: Uses<never, "transactions">) =>
  listMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => api.transactions.list(input.request as TransactionListRequest)),
      watchRows: fromCallback(({ sendBack }) =>
        api.transactions.watch(
          {},
          {
            onEvent: (record) => sendBack({ type: "row.updated", row: record }),
            onError: () => sendBack({ type: "feed.failed" }),
          },
        ),
      ),
    },
  });

/** Transaction records' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideTransactionExport = ({ api, saveFile }: Uses<"saveFile", "transactions">) =>
  provideListExport(
    (request, options) => api.transactions.export(request as TransactionExportRequest, options),
    saveFile,
  );
