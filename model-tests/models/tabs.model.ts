import { type TabEntry, tabsMachine } from "../../machines/shell/tabs.ts";
import type { MachineModel } from "../framework/model.ts";

const tab = (name: string, title: string, fullPath: string, ignoreCache = false): TabEntry => ({
  name,
  title,
  fullPath,
  query: {},
  ignoreCache,
});

/** The pages a path opens: the console (pinned), my orders, and the user centre (ignoreCache). */
export const tabPages = {
  console: tab("console", "menu.console", "/console/index"),
  order: tab("order", "menu.orders", "/order/list"),
  userCenter: tab("userCenter", "menu.userCentre", "/user/center", true),
};

export const tabsModel: MachineModel<typeof tabsMachine> = {
  id: "tabs",
  machine: tabsMachine,
  starts: [{ name: "signed in, tab bar on", input: undefined }],
  // One console opens and closes tabs again: every check reads the tab bar as it is now.
  walks: true,
  events: (s) => {
    const { tabs, active } = s.context;
    if (tabs.length === 0)
      return active === null && s.context.tabs.length === 0 ? [{ type: "tab.visit", tab: tabPages.console }] : [];
    const visits = Object.values(tabPages)
      .filter((page) => page.name !== active)
      .map((page) => ({ type: "tab.visit" as const, tab: page }));
    const closes = tabs.filter((t) => t.name !== "console").map((t) => ({ type: "tab.close" as const, name: t.name }));
    const others = active && tabs.length > 1 ? [{ type: "tab.closeOthers" as const, name: active }] : [];
    return [...visits, ...closes, ...others, { type: "tabs.reset" as const }];
  },
  describeEvent: (event) => {
    const e = event as { type: string; tab?: TabEntry; name?: string };
    if (e.type === "tab.visit") return `Go to ${e.tab?.fullPath}`;
    if (e.type === "tab.close") return `Press the close button of the "${e.name}" tab`;
    if (e.type === "tab.closeOthers") return "Press Close others";
    return "Log out";
  },
  describeState: (s) => {
    if (s.context.tabs.length === 0) return s.context.active === null ? "No tab is open" : "No tab is open";
    return `Tabs ${s.context.tabs.map((t) => t.name).join(", ")}; ${s.context.active ?? "none"} is current and on screen`;
  },
  excluded: [],
};
