import type { OpenWithdrawal } from "../../contracts/schemas/open-api.ts";
import { type ListTableView, tableSelector } from "../lists/list-selectors.ts";

export type WithdrawalTableView = ListTableView<OpenWithdrawal>;
export const selectWithdrawalTable = tableSelector<OpenWithdrawal>();
