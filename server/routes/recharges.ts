import { exportRecharges, listRecharges } from "../domain/bills/recharge-bills.ts";
import type { HandlerTable } from "../http/handler.ts";
import { listHandlers } from "./list-handlers.ts";

/** Recharge bills: the merchant's credits by transfers that are not application deposits, and their CSV. */
export const rechargeHandlers: Pick<HandlerTable, "rechargeList" | "rechargeExport"> = listHandlers(
  { pages: "rechargeList", file: "rechargeExport" },
  { pages: listRecharges, file: exportRecharges },
);
