import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { type ListDetailView, type ListTableView, listSelectors } from "../lists/list-selectors.ts";
import { callbackListArea } from "./callback-list.ts";

export type CallbackTableView = ListTableView<CallbackAttempt>;
/** The details dialog: closed, or the attempt with its bodies whole. */
export type CallbackDetailView = ListDetailView<{ attempt: CallbackAttempt }>;
export const { selectTable: selectCallbackTable, selectDetail: selectCallbackDetail } = listSelectors(
  callbackListArea,
  { detail: (attempt) => ({ attempt }) },
);
