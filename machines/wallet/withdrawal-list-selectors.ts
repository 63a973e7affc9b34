import type { WalletWithdrawal } from "../../contracts/schemas/wallet.ts";
import { type ListTableView, listSelectors } from "../lists/list-selectors.ts";
import { withdrawalListArea } from "./withdrawal-list.ts";

export type WithdrawalTableView = ListTableView<WalletWithdrawal>;
export const { selectTable: selectWithdrawalTable } = listSelectors(withdrawalListArea);
