import type { SnapshotFrom } from "xstate";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import type { FieldErrors, Failure } from "../api-failure.ts";
import type { AppOption } from "../bills/bill-list.ts";
import { pageCountOf } from "../orders/order-list.ts";
import {
  type CallbackSearch,
  callbackPageSizes,
  type callbackListMachine,
  isFilteredCallbackSearch,
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

export interface CallbackPagingView {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  canPrevious: boolean;
  canNext: boolean;
  canPageSize: boolean;
}

export function selectCallbackPaging(s: CallbackListSnapshot): CallbackPagingView {
  const { page, pageSize, total } = s.context;
  const otherSize = callbackPageSizes.find((size) => size !== pageSize) ?? pageSize;
  return {
    page,
    pageCount: pageCountOf(total, pageSize),
    pageSize,
    total,
    pageSizes: callbackPageSizes,
    canPrevious: s.can({ type: "callbacks.page", page: page - 1 }),
    canNext: s.can({ type: "callbacks.page", page: page + 1 }),
    canPageSize: s.can({ type: "callbacks.pageSize", pageSize: otherSize }),
  };
}

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

/** The details dialog: closed, or the attempt with its bodies whole. */
export type CallbackDetailView = { open: false } | { open: true; attempt: CallbackAttempt };

export function selectCallbackDetail(s: CallbackListSnapshot): CallbackDetailView {
  const { detail } = s.context;
  if (!s.matches("details") || !detail) return { open: false };
  return { open: true, attempt: detail };
}
