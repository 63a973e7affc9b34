import { fromCallback, fromPromise } from "xstate";
import { maxAppPageSize } from "../../../contracts/schemas/apps.ts";
import type { BillExportRequest } from "../../../contracts/schemas/bills.ts";
import { appOptionsOf, billListMachine } from "../../../machines/bills/bill-list.ts";
import { listExportMachine } from "../../../machines/lists/list-export.ts";
import { toFailure } from "../../../machines/api-failure.ts";
import type { Uses } from "../../app/services.ts";

/** Application bills' list with its effects bound to the API and the bills' live stream. */
export const provideBillList = ({ api }: Uses<never, "bills" | "apps">) =>
  billListMachine.provide({
    actors: {
      // The filter's applications come with the first page; without them the filter takes a code.
      loadBills: fromPromise(async ({ input }) => {
        const [list, apps] = await Promise.all([
          api.bills.list(input.request),
          input.withApps ? api.apps.list({ pageSize: maxAppPageSize }).then(appOptionsOf, () => undefined) : undefined,
        ]);
        return apps ? { ...list, apps } : list;
      }),
      watchBills: fromCallback(({ sendBack }) =>
        api.bills.watch({
          onBill: (bill) => sendBack({ type: "bill.updated", bill }),
          onError: () => sendBack({ type: "bills.streamFailed" }),
        }),
      ),
    },
  });

/** Application bills' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideBillExport = ({ api, saveFile }: Uses<"saveFile", "bills">) =>
  listExportMachine.provide({
    actors: {
      download: fromCallback(({ input, sendBack }) => {
        const stop = new AbortController();
        api.bills
          .export(input as BillExportRequest, {
            signal: stop.signal,
            onProgress: (bytes) => sendBack({ type: "export.progress", bytes }),
          })
          .then(
            (file) => {
              saveFile(file);
              sendBack({ type: "export.saved", fileName: file.fileName });
            },
            (error: unknown) => {
              if (!stop.signal.aborted) sendBack({ type: "export.failed", failure: toFailure(error) });
            },
          );
        return () => stop.abort();
      }),
    },
  });
