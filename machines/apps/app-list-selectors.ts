import type { AppStatus, Application } from "../../contracts/schemas/apps.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import type { Failure } from "../api-failure.ts";
import { type ListSnapshot, tableSelector } from "../lists/list-selectors.ts";
import { switchActionOf } from "./app-list.ts";

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

export function selectAppTable(s: ListSnapshot): AppTableView {
  const table = tableSelector<Application, AppRow>((app) => {
    const nextStatus: AppStatus = app.status === "normal" ? "stopped" : "normal";
    return {
      ...app,
      nextStatus,
      canSwitch: s.can({ type: "row.act", action: switchActionOf(nextStatus), key: app.appCode }),
      switching: s.context.acting?.key === app.appCode,
    };
  })(s);
  return table.kind === "rows" ? { ...table, switchFailure: s.context.actionFailure } : table;
}

/** What the page says about the package: none, expired, or how many applications it allows (null: unlimited). */
export type AppPlanView =
  | { kind: "unknown" }
  | { kind: "none" }
  | { kind: "expired" }
  | { kind: "active"; used: number; limit: number | null; full: boolean };

export function selectAppPlan(s: ListSnapshot): AppPlanView {
  const sub = s.context.extra as SubscriptionResult | null;
  if (!sub) return { kind: "unknown" };
  if (!sub.package) return { kind: "none" };
  if (!sub.active) return { kind: "expired" };
  const limit = sub.package.limits.applications;
  const used = sub.usage.applications;
  return { kind: "active", used, limit, full: limit !== null && used >= limit };
}
