import type { AppBill } from "../../contracts/schemas/bills.ts";
import { detailSelector, type ListDetailView, type ListTableView, tableSelector } from "../lists/list-selectors.ts";
import { type BillRow, billRowOf } from "./bill-list.ts";

export type BillTableView = ListTableView<BillRow>;
export const selectBillTable = tableSelector<AppBill, BillRow>(billRowOf);

/** The details dialog: closed, or the bill as the stream keeps it. */
export type BillDetailView = ListDetailView<BillRow>;
export const selectBillDetail = detailSelector<AppBill, BillRow>(billRowOf);
