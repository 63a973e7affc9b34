import type { WalletWithdrawal } from "../../contracts/schemas/wallet.ts";
import { type ListTableView, tableSelector } from "../lists/list-selectors.ts";

export type WithdrawalTableView = ListTableView<WalletWithdrawal>;
export const selectWithdrawalTable = tableSelector<WalletWithdrawal>();
