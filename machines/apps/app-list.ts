import { type AppStatus, appStatuses } from "../../contracts/schemas/apps.ts";
import { appsEndpoints } from "../../contracts/endpoints/apps.ts";
import { listArea } from "../lists/list-area.ts";

/** Stop or start: what a row's switch does, by the status it switches to. */
export const switchActionOf = (next: AppStatus) => (next === "stopped" ? "stop" : "start");
export const statusOfAction = (action: string): AppStatus => (action === "stop" ? "stopped" : "normal");

/**
 * My applications (spec section 2) on the list framework: searched by status and a part of the name; a row
 * is stopped or started in place by a call (its answer is the application as it is now); the package (its limit and
 * use) comes with every page, as each add changes it. The add and edit dialogs run beside the list and tell it what
 * changed (`list.reload`, `row.updated`).
 */
export const appListArea = listArea(
  { pages: appsEndpoints.appList },
  {
    name: "apps",
    fields: [
      {
        name: "status",
        kind: "choice",
        options: appStatuses,
        optionLabels: "apps.status",
        any: "apps.search.anyStatus",
      },
      { name: "name", kind: "text" },
    ],
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (app) => app.appCode,
    live: false,
    actions: {
      stop: { kind: "call", allowed: (app) => app.status === "normal" },
      start: { kind: "call", allowed: (app) => app.status === "stopped" },
    },
  },
);
