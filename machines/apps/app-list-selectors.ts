import type { SnapshotFrom } from "xstate";
import type { AppStatus, Application } from "../../contracts/schemas/apps.ts";
import type { FieldErrors, Failure } from "../api-failure.ts";
import { type PagingView, pagingViewOf } from "../lists/keyset-paging.ts";
import { type AppSearch, type appListMachine, appPageSize } from "./app-list.ts";

type AppListSnapshot = SnapshotFrom<typeof appListMachine>;

export interface AppRow extends Application {
  /** Stop or start: the status it would switch to, and whether it may now. */
  nextStatus: AppStatus;
  canSwitch: boolean;
  switching: boolean;
}

/** The list's body: a first load, a failure with Retry, none for this search, or the rows (perhaps refreshed). */
export type AppTableView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  | { kind: "empty"; filtered: boolean; refreshing: boolean }
  | { kind: "rows"; rows: AppRow[]; refreshing: boolean; switchFailure: Failure | null };

const isFiltered = (search: AppSearch) => search.status !== "" || search.name.trim() !== "";

export function selectAppTable(s: AppListSnapshot): AppTableView {
  const { context } = s;
  const refreshing = s.matches("loading");
  if (s.matches("failed")) return { kind: "failed", failure: context.failure };
  if (!context.loaded) return { kind: "loading" };
  if (context.items.length === 0) return { kind: "empty", filtered: isFiltered(context.search), refreshing };
  const rows = context.items.map((app) => {
    const nextStatus: AppStatus = app.status === "normal" ? "stopped" : "normal";
    return {
      ...app,
      nextStatus,
      canSwitch: s.can({ type: "app.setStatus", appCode: app.appCode, status: nextStatus }),
      switching: context.switching === app.appCode,
    };
  });
  return { kind: "rows", rows, refreshing, switchFailure: context.switchFailure };
}

export interface AppSearchView {
  search: AppSearch;
  fieldErrors: FieldErrors;
  busy: boolean;
  canSearch: boolean;
}

export const selectAppSearch = (s: AppListSnapshot): AppSearchView => ({
  search: s.context.search,
  fieldErrors: s.context.fieldErrors,
  busy: s.matches("loading"),
  canSearch: s.can({ type: "apps.search", ...s.context.search }),
});

/** My applications page by a fixed size: the paging bar offers no other. */
export const selectAppPaging = (s: AppListSnapshot): PagingView =>
  pagingViewOf(s.context.paging, [appPageSize], {
    page: (page) => s.can({ type: "apps.page", page }),
    pageSize: () => false,
  });

/** What the page says about the package: none, expired, or how many applications it allows (null: unlimited). */
export type AppPlanView =
  | { kind: "unknown" }
  | { kind: "none" }
  | { kind: "expired" }
  | { kind: "active"; used: number; limit: number | null; full: boolean };

export function selectAppPlan(s: AppListSnapshot): AppPlanView {
  const sub = s.context.subscription;
  if (!sub) return { kind: "unknown" };
  if (!sub.package) return { kind: "none" };
  if (!sub.active) return { kind: "expired" };
  const limit = sub.package.limits.applications;
  const used = sub.usage.applications;
  return { kind: "active", used, limit, full: limit !== null && used >= limit };
}
