import type { SnapshotFrom } from "xstate";
import type { CallbackAttempt, CallbackExportRequest } from "../../contracts/schemas/callbacks.ts";
import type { FieldErrors, Failure } from "../api-failure.ts";
import type { AppOption } from "../bills/bill-list.ts";
import { type PagingView, pagingViewOf } from "../lists/keyset-paging.ts";
import {
  type CallbackSearch,
  callbackPageSizes,
  type callbackListMachine,
  isFilteredCallbackSearch,
  toCallbackExportRequest,
} from "./callback-list.ts";

type CallbackListSnapshot = SnapshotFrom<typeof callbackListMachine>;

/** The list's body: a first load, a failure with Retry, no attempt (yet, or for this search), or the rows. */
export type CallbackTableView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  | { kind: "empty"; filtered: boolean; refreshing: boolean }
  | { kind: "rows"; rows: CallbackAttempt[]; refreshing: boolean };

export function selectCallbackTable(s: CallbackListSnapshot): CallbackTableView {
  const { context } = s;
  const refreshing = s.matches("loading");
  if (s.matches("failed")) return { kind: "failed", failure: context.failure };
  if (!context.loaded) return { kind: "loading" };
  if (context.items.length === 0)
    return { kind: "empty", filtered: isFilteredCallbackSearch(context.search), refreshing };
  return { kind: "rows", rows: context.items, refreshing };
}

export const selectCallbackPaging = (s: CallbackListSnapshot): PagingView =>
  pagingViewOf(s.context.paging, callbackPageSizes, {
    page: (page) => s.can({ type: "callbacks.page", page }),
    pageSize: (pageSize) => s.can({ type: "callbacks.pageSize", pageSize }),
  });

export interface CallbackSearchView {
  search: CallbackSearch;
  revision: number;
  fieldErrors: FieldErrors;
  /** The applications to choose from; null while they have not arrived (the filter takes a code then). */
  apps: AppOption[] | null;
  busy: boolean;
  canSearch: boolean;
}

export const selectCallbackSearch = (s: CallbackListSnapshot): CallbackSearchView => ({
  search: s.context.search,
  revision: s.context.formRevision,
  fieldErrors: s.context.fieldErrors,
  apps: s.context.apps,
  busy: s.matches("loading"),
  canSearch: s.can({ type: "callbacks.reset" }),
});

/** The merchant's applications, for the dialogs' selects; null until the first page brought them. */
export const selectCallbackApps = (s: CallbackListSnapshot): AppOption[] | null => s.context.apps;

/** What an export of the list shown asks for: exactly the search the list applies. */
export const selectCallbackExportRequest = (s: CallbackListSnapshot): CallbackExportRequest =>
  toCallbackExportRequest(s.context.search);

/** The details dialog: closed, or the attempt with its bodies whole. */
export type CallbackDetailView = { open: false } | { open: true; attempt: CallbackAttempt };

export function selectCallbackDetail(s: CallbackListSnapshot): CallbackDetailView {
  const { detail } = s.context;
  if (!s.matches("details") || !detail) return { open: false };
  return { open: true, attempt: detail };
}
