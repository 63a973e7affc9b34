import { type ListDetailView, type ListTableView, listSelectors } from "../lists/list-selectors.ts";
import { type BillRow, billListArea, billRowOf } from "./bill-list.ts";

export type BillTableView = ListTableView<BillRow>;
/** The details dialog: closed, or the bill as the stream keeps it. */
export type BillDetailView = ListDetailView<BillRow>;
export const { selectTable: selectBillTable, selectDetail: selectBillDetail } = listSelectors(billListArea, {
  row: billRowOf,
  detail: billRowOf,
});
