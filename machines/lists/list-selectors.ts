import type { SnapshotFrom } from "xstate";
import type { FieldErrors, Failure } from "../api-failure.ts";
import { type PagingView, pagingViewOf, withoutPaging } from "./keyset-paging.ts";
import { isFiltered, type ListArea, type ListSearch, listRequestOf } from "./list-area.ts";
import type { AppOption } from "./app-choices.ts";
import type { listMachine } from "./list-machine.ts";
import { listQueryOf } from "./list-query.ts";

export type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The list's body: a first load, a failure with Retry, no row (yet, or for this search), or the rows. */
export type ListTableView<Row> =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  | { kind: "empty"; filtered: boolean; refreshing: boolean }
  | { kind: "rows"; rows: Row[]; refreshing: boolean };

const inList = (s: ListSnapshot, state: "loading" | "failed" | "ready" | "details") => s.matches({ list: state });

/** The table's view, each row as the area shows it (`view`: a row with what its cells need worked out). */
export const tableSelector =
  <Row, Shown = Row>(view: (row: Row) => Shown = (row) => row as unknown as Shown) =>
  (s: ListSnapshot): ListTableView<Shown> => {
    const { context } = s;
    const refreshing = inList(s, "loading");
    if (inList(s, "failed")) return { kind: "failed", failure: context.failure };
    // Until the first answer there is nothing to keep on screen.
    if (!context.loaded) return { kind: "loading" };
    if (context.items.length === 0) return { kind: "empty", filtered: isFiltered(context.search), refreshing };
    return { kind: "rows", rows: (context.items as Row[]).map(view), refreshing };
  };

export const selectListPaging = (s: ListSnapshot): PagingView =>
  pagingViewOf(s.context.paging, s.context.area.pageSizes, {
    page: (page) => s.can({ type: "list.page", page }),
    pageSize: (pageSize) => s.can({ type: "list.pageSize", pageSize }),
  });

export interface ListSearchView {
  search: ListSearch;
  revision: number;
  fieldErrors: FieldErrors;
  /** The applications to choose from; null while they have not arrived (the filter takes a code then). */
  choices: AppOption[] | null;
  busy: boolean;
  canSearch: boolean;
}

export const selectListSearch = (s: ListSnapshot): ListSearchView => ({
  search: s.context.search,
  revision: s.context.formRevision,
  fieldErrors: s.context.fieldErrors,
  choices: s.context.choices,
  busy: inList(s, "loading"),
  canSearch: s.can({ type: "list.reset" }),
});

/** The merchant's applications, for an area's dialogs; null until the first page brought them. */
export const selectListChoices = (s: ListSnapshot): AppOption[] | null => s.context.choices;

/**
 * The merchant's applications as a dialog offers them: on their way (they come with a page the list is loading), not
 * read (the list's last page came without them: App/List failed, or the page did; a reload asks for both again), or
 * known (none, perhaps).
 */
export type AppChoicesView = { kind: "loading" } | { kind: "failed" } | { kind: "known"; apps: AppOption[] };
const appsLoading: AppChoicesView = { kind: "loading" };
const appsFailed: AppChoicesView = { kind: "failed" };

export const selectAppChoices = (s: ListSnapshot): AppChoicesView => {
  const { choices } = s.context;
  if (choices !== null) return { kind: "known", apps: choices };
  return inList(s, "loading") ? appsLoading : appsFailed;
};

/** Two views of the applications alike: the same state, the same applications (a page brings them anew). */
export const sameAppChoices = (a: AppChoicesView, b: AppChoicesView): boolean =>
  a.kind === "known" && b.kind === "known" ? a.apps === b.apps : a.kind === b.kind;

/** The details dialog: closed, or the row as it is now (as the area shows it). */
export type ListDetailView<Shown> = { open: false } | ({ open: true } & Shown);

export const detailSelector =
  <Row, Shown>(view: (row: Row) => Shown) =>
  (s: ListSnapshot): ListDetailView<Shown> => {
    const { detail } = s.context;
    if (!inList(s, "details") || detail === null) return { open: false };
    return { open: true, ...view(detail as Row) };
  };

/**
 * An area's table and details selectors, typed by its rows (the area's endpoint's): each row as its table shows it
 * (`row`, the row itself by default) and as its details dialog shows it (`detail`, `{ row }` by default).
 */
export function listSelectors<Row, Shown = Row, Detail = { row: Row }>(
  _area: ListArea<unknown, Row, unknown>,
  views: { row?: (row: Row) => Shown; detail?: (row: Row) => Detail } = {},
) {
  const { row = (listed: Row) => listed as unknown as Shown, detail = (listed: Row) => ({ row: listed }) as Detail } =
    views;
  return { selectTable: tableSelector<Row, Shown>(row), selectDetail: detailSelector<Row, Detail>(detail) };
}

/** What an export of the list shown asks for: exactly the search the list applies, without paging. */
export const selectListExportRequest = (s: ListSnapshot): Record<string, unknown> =>
  withoutPaging(listRequestOf<{ cursor?: string; pageSize?: number }>(s.context.area, s.context.search));

/** The list answered its search with no row: its file would hold the header alone, so there is nothing to export. */
export const selectListShowsNoRow = (s: ListSnapshot): boolean =>
  !inList(s, "failed") && s.context.loaded && s.context.items.length === 0;

/** The search the list shows and its page size, as the address bar holds them (list-query.ts). */
export const selectListQuery = (s: ListSnapshot): string =>
  listQueryOf(s.context.area, s.context.search, s.context.paging.pageSize);

/** Whether changes arrive as they happen (the stream), every few seconds (polling after it failed), or not at all. */
export const selectListFeed = (s: ListSnapshot): "live" | "polling" | "off" =>
  s.matches({ feed: "polling" }) ? "polling" : s.matches({ feed: "live" }) ? "live" : "off";
