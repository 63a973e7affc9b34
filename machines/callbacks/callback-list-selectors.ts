import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { detailSelector, type ListDetailView, type ListTableView, tableSelector } from "../lists/list-selectors.ts";

export type CallbackTableView = ListTableView<CallbackAttempt>;
export const selectCallbackTable = tableSelector<CallbackAttempt>();

/** The details dialog: closed, or the attempt with its bodies whole. */
export type CallbackDetailView = ListDetailView<{ attempt: CallbackAttempt }>;
export const selectCallbackDetail = detailSelector((attempt: CallbackAttempt) => ({ attempt }));
