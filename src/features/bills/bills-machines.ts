import { fromCallback, fromPromise } from "xstate";
import { maxAppPageSize } from "../../../contracts/schemas/apps.ts";
import type { BillExportRequest } from "../../../contracts/schemas/bills.ts";
import { appOptionsOf, billListMachine } from "../../../machines/bills/bill-list.ts";
import { provideListExport } from "../../app/list-export-service.ts";
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
  provideListExport((request, options) => api.bills.export(request as BillExportRequest, options), saveFile);
