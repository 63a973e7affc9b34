import type { RechargeBill } from "../../contracts/schemas/recharges.ts";
import { type ListDetailView, type ListTableView, listSelectors } from "../lists/list-selectors.ts";
import { rechargeListArea } from "./recharge-list.ts";

export type RechargeTableView = ListTableView<RechargeBill>;
/** The details dialog: closed, or the recharge bill as listed. */
export type RechargeDetailView = ListDetailView<{ recharge: RechargeBill }>;
export const { selectTable: selectRechargeTable, selectDetail: selectRechargeDetail } = listSelectors(
  rechargeListArea,
  { detail: (recharge) => ({ recharge }) },
);
