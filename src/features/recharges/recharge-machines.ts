import { fromPromise } from "xstate";
import type { RechargeExportRequest, RechargeListRequest } from "../../../contracts/schemas/recharges.ts";
import { listMachine } from "../../../machines/lists/list-machine.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import type { Uses } from "../../app/services.ts";

/** Recharge bills' list with its pages from the API. */
export const provideRechargeList = ({ api }: Uses<never, "recharges">) =>
  listMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => api.recharges.list(input.request as RechargeListRequest)),
    },
  });

/** Recharge bills' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideRechargeExport = ({ api, saveFile }: Uses<"saveFile", "recharges">) =>
  provideListExport((request, options) => api.recharges.export(request as RechargeExportRequest, options), saveFile);
