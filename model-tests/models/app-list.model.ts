import type { AppListResult, Application } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { type AppListContext, type AppListLoad, appListMachine } from "../../machines/apps/app-list.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import { sampleApp } from "./app-edit.model.ts";
import { subscription } from "./order-fixtures.ts";

const { done, failed } = eventBuilders(appListMachine);

export const stoppedApp: Application = {
  ...sampleApp,
  appCode: "2026020100000002",
  name: "Old kiosk",
  status: "stopped",
  remark: "",
};

/** The fake server's applications: 12 over two pages; a search finds the stopped one only. */
export function appListAnswer(context: Pick<AppListContext, "search" | "paging">): AppListLoad {
  const filtered = context.search.status !== "" || context.search.name !== "";
  const { page } = context.paging;
  const list: AppListResult = filtered
    ? { items: [stoppedApp], ...fakeKeysetPaging(page, 10, 1) }
    : { items: [sampleApp, stoppedApp], ...fakeKeysetPaging(page, 10, 12) };
  return { ...list, subscription };
}

export const noAppsAnswer = (context: Pick<AppListContext, "paging">): AppListLoad => ({
  items: [],
  ...fakeKeysetPaging(context.paging.page, 10, 0),
  subscription,
});

type E = ModelEvent<typeof appListMachine>;

export const appListModel: MachineModel<typeof appListMachine> = {
  id: "appList",
  machine: appListMachine,
  starts: [{ name: "signed in, opens My applications", input: undefined }],
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.paging.page,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.items.map((a) => a.status),
      s.context.switchFailure !== null,
    ]),
  events: (s) => {
    const { context } = s;
    if (s.matches("loading"))
      return [
        done("loadApps", appListAnswer(context)),
        done("loadApps", noAppsAnswer(context)),
        failed("loadApps", failure("5000", "Internal error")),
      ];
    if (s.matches("failed")) return [{ type: "apps.retry" }];
    if (s.matches("ready")) {
      const events: E[] = [
        { type: "apps.search", status: "stopped", name: "kiosk" },
        { type: "apps.search", status: "", name: "x".repeat(65) },
        { type: "apps.reload" },
      ];
      if (context.paging.nextCursor) events.push({ type: "apps.page", page: context.paging.page + 1 });
      if (context.paging.previousCursor) events.push({ type: "apps.page", page: context.paging.page - 1 });
      const first = context.items[0];
      // The harness saves through the edit dialog, whose fake answers a normal application.
      if (first?.status === "normal") events.push({ type: "app.changed", app: { ...first, name: "Renamed shop" } });
      if (first)
        events.push({
          type: "app.setStatus",
          appCode: first.appCode,
          status: first.status === "normal" ? "stopped" : "normal",
        });
      return events;
    }
    if (s.matches("switching")) {
      const first = context.items[0] as Application;
      return [
        done("setStatus", { ...first, status: first.status === "normal" ? "stopped" : "normal" }),
        failed("setStatus", failure(errCodes.appNotFound, "This application does not exist")),
      ];
    }
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "apps.search":
        return `Choose status "${e.status || "All"}", type name "${e.name}"; press Search`;
      case "apps.retry":
        return "Press Retry";
      case "apps.reload":
        return "Add an application with the add dialog (the server accepts it)";
      case "app.changed":
        return `In the first row press Edit, verify with the e-mail code, rename it "${e.app.name}"; press Save (the server saves it)`;
      case "apps.page":
        return `Press ${e.page > 1 ? "Next page" : "Previous page"}`;
      case "app.setStatus":
        return `In the first row, press ${e.status === "stopped" ? "Stop" : "Enable"}`;
      case "xstate.done.actor.loadApps":
        return e.output.items.length
          ? `The server answers ${e.output.items.length} applications`
          : "The server answers none";
      case "xstate.done.actor.setStatus":
        return `The server answers the application ${e.output.status}`;
      case "xstate.error.actor.loadApps":
      case "xstate.error.actor.setStatus":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const errors = Object.values(context.fieldErrors).map(english);
    const showing = errors.length ? `, showing ${errors.join(", ")}` : "";
    if (s.matches("loading")) return `Search shows a spinner${showing}`;
    if (s.matches("failed")) return `"The applications could not be loaded." with Retry${showing}`;
    if (s.matches("switching")) return "The first row's Stop / Enable shows a spinner";
    if (context.items.length === 0) return `"You have no applications yet…" (or none for this search)${showing}`;
    return `The rows with their status tags, page ${context.paging.page}${
      context.switchFailure ? `; ${saidOnce(context.switchFailure)}` : ""
    }${showing}`;
  },
  excluded: [],
};
