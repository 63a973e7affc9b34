import { maxAppPageSize } from "../../../contracts/schemas/apps.ts";
import { invoiceListArea } from "../../../machines/invoices/invoice-list.ts";
import { appOptionsOf } from "../../../machines/lists/app-choices.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** Invoices' list with its effects bound to the API and the invoices' live stream. */
export const provideInvoiceList = ({ api }: Uses<never, "invoices" | "apps">) =>
  provideList(invoiceListArea, {
    // The filter's applications come with the first page; without them the filter takes a code.
    loadPage: async (request, withChoices) => {
      const [list, choices] = await Promise.all([
        api.invoices.list(request),
        withChoices ? api.apps.list({ pageSize: maxAppPageSize }).then(appOptionsOf, () => undefined) : undefined,
      ]);
      return choices ? { ...list, choices } : list;
    },
    watchRows: (send) =>
      api.invoices.watch(
        {},
        {
          onEvent: (invoice) => send({ type: "row.updated", row: invoice }),
          onError: () => send({ type: "feed.failed" }),
        },
      ),
  });

/** Invoices' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideInvoiceExport = ({ api, saveFile }: Uses<"saveFile", "invoices">) =>
  provideListExport(invoiceListArea, api.invoices.export, saveFile);
