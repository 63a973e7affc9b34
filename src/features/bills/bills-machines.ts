import { maxAppPageSize } from "../../../contracts/schemas/apps.ts";
import { billListArea } from "../../../machines/bills/bill-list.ts";
import { appOptionsOf } from "../../../machines/lists/app-choices.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** Application bills' list with its effects bound to the API and the bills' live stream. */
export const provideBillList = ({ api }: Uses<never, "bills" | "apps">) =>
  provideList(billListArea, {
    // The filter's applications come with the first page; without them the filter takes a code.
    loadPage: async (request, withChoices) => {
      const [list, choices] = await Promise.all([
        api.bills.list(request),
        withChoices ? api.apps.list({ pageSize: maxAppPageSize }).then(appOptionsOf, () => undefined) : undefined,
      ]);
      return choices ? { ...list, choices } : list;
    },
    watchRows: (send) =>
      api.bills.watch(
        {},
        {
          onEvent: (bill) => send({ type: "row.updated", row: bill }),
          onError: () => send({ type: "feed.failed" }),
        },
      ),
  });

/** Application bills' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideBillExport = ({ api, saveFile }: Uses<"saveFile", "bills">) =>
  provideListExport(billListArea, api.bills.export, saveFile);
