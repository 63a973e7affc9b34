import { fromCallback, fromPromise } from "xstate";
import { maxAppPageSize } from "../../../contracts/schemas/apps.ts";
import type { BillExportRequest, BillListRequest } from "../../../contracts/schemas/bills.ts";
import { appOptionsOf } from "../../../machines/lists/app-choices.ts";
import { listMachine } from "../../../machines/lists/list-machine.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import type { Uses } from "../../app/services.ts";

/** Application bills' list with its effects bound to the API and the bills' live stream. */
export const provideBillList = ({ api }: Uses<never, "bills" | "apps">) =>
  listMachine.provide({
    actors: {
      // The filter's applications come with the first page; without them the filter takes a code.
      loadPage: fromPromise(async ({ input }) => {
        const [list, choices] = await Promise.all([
          api.bills.list(input.request as BillListRequest),
          input.withChoices
            ? api.apps.list({ pageSize: maxAppPageSize }).then(appOptionsOf, () => undefined)
            : undefined,
        ]);
        return choices ? { ...list, choices } : list;
      }),
      watchRows: fromCallback(({ sendBack }) =>
        api.bills.watch(
          {},
          {
            onEvent: (bill) => sendBack({ type: "row.updated", row: bill }),
            onError: () => sendBack({ type: "feed.failed" }),
          },
        ),
      ),
    },
  });

/** Application bills' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideBillExport = ({ api, saveFile }: Uses<"saveFile", "bills">) =>
  provideListExport((request, options) => api.bills.export(request as BillExportRequest, options), saveFile);
