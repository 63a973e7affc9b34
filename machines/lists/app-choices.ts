import type { AppListResult } from "../../contracts/schemas/apps.ts";

/** An application a list's filter (or an area's dialog) offers: its code and name. */
export interface AppOption {
  appCode: string;
  name: string;
}

/** The applications of the first page of My applications, as a filter offers them. */
export const appOptionsOf = (result: AppListResult): AppOption[] =>
  result.items.map((app) => ({ appCode: app.appCode, name: app.name }));
