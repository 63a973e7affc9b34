import { rechargeListArea } from "../../../machines/recharges/recharge-list.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import type { Uses } from "../../app/services.ts";

/** Recharge bills' CSV export: the file of the list's filters, its progress, then handed to the browser to save. */
export const provideRechargeExport = ({ api, saveFile }: Uses<"saveFile", "recharges">) =>
  provideListExport(rechargeListArea, api.recharges.export, saveFile);
