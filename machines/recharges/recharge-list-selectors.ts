import type { RechargeBill } from "../../contracts/schemas/recharges.ts";
import { detailSelector, type ListDetailView, type ListTableView, tableSelector } from "../lists/list-selectors.ts";

export type RechargeTableView = ListTableView<RechargeBill>;
export const selectRechargeTable = tableSelector<RechargeBill>();

/** The details dialog: closed, or the recharge bill as listed. */
export type RechargeDetailView = ListDetailView<{ recharge: RechargeBill }>;
export const selectRechargeDetail = detailSelector<RechargeBill, { recharge: RechargeBill }>((recharge) => ({
  recharge,
}));
