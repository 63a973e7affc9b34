import { defaultSettings, settingsMachine } from "../../machines/settings.ts";
import type { MachineModel } from "../framework/model.ts";
import { failure } from "./fixtures.ts";

/** The server's menu in the fake API: two entries, so a merchant can tell it from the built-in eleven. */
export const serverMenu = [
  { name: "menu.console", path: "/console", icon: "dashboard", order: 0 },
  { name: "menu.orders", path: "/order", icon: "shopping-cart", order: 1 },
];

export const settingsModel: MachineModel<typeof settingsMachine> = {
  id: "settings",
  machine: settingsMachine,
  starts: [
    { name: "signed in", input: { settings: defaultSettings, signedIn: true } },
    { name: "signed in, server menu saved", input: { settings: { ...defaultSettings, menuFromServer: true }, signedIn: true } },
    { name: "signed out, server menu saved", input: { settings: { ...defaultSettings, menuFromServer: true }, signedIn: false } },
  ],
  // Toggles that change only the looks are covered by the transition step; what changes behaviour is kept apart.
  serialize: (s) => JSON.stringify([s.value, s.context.signedIn, s.context.settings.menuFromServer]),
  events: (s) => {
    const { signedIn, drawerOpen, settings } = s.context;
    if (!signedIn) return [{ type: "session.signedIn" }];
    const events: Array<Record<string, unknown>> = [];
    if (s.matches({ serverMenu: "loading" }))
      events.push(
        { type: "xstate.done.actor.fetchMenu", output: serverMenu },
        { type: "xstate.error.actor.fetchMenu", error: failure("5000", "Internal error") },
      );
    if (drawerOpen) {
      events.push(
        { type: "drawer.close" },
        { type: "setting.change", key: "colorWeak", value: !settings.colorWeak },
        { type: "theme.toggle" },
        { type: "topMenu.change", value: !settings.topMenu },
        { type: "menuFromServer.change", value: !settings.menuFromServer },
      );
      if (s.matches({ serverMenu: "failed" })) events.push({ type: "serverMenu.retry" });
    } else {
      events.push({ type: "drawer.open" }, { type: "theme.toggle" });
      if (!s.matches({ serverMenu: "loading" })) events.push({ type: "session.signedOut" });
    }
    return events as never;
  },
  describeEvent: (event) => {
    const e = event as { type: string; key?: string; value?: unknown; error?: { errMsg: string } };
    switch (e.type) {
      case "drawer.open":
        return "Press Page settings in the navbar";
      case "drawer.close":
        return "Press Close in the settings drawer";
      case "setting.change":
        return `Switch ${e.key} ${e.value ? "on" : "off"} in the drawer`;
      case "theme.toggle":
        return "Switch between light and dark theme";
      case "topMenu.change":
        return `Switch Top menu ${e.value ? "on" : "off"}`;
      case "menuFromServer.change":
        return `Switch Menu from server ${e.value ? "on" : "off"}`;
      case "serverMenu.retry":
        return "Press Retry under the menu switches";
      case "session.signedIn":
        return "Sign in";
      case "session.signedOut":
        return "Log out";
      case "xstate.done.actor.fetchMenu":
        return "The server answers its menu (two entries)";
      default:
        return `The server refuses the menu: "${e.error?.errMsg}"`;
    }
  },
  describeState: (s) => {
    const { settings, signedIn, drawerOpen } = s.context;
    if (!signedIn) return "The sign-in page";
    const parts = [
      drawerOpen ? "the settings drawer is open" : "the drawer is closed",
      settings.theme === "dark" ? "dark theme" : "light theme",
      settings.colorWeak ? "colours inverted 80%" : "no colour filter",
      settings.topMenu ? "the menu runs along the top" : "the menu is at the side",
    ];
    if (s.matches({ serverMenu: "loading" })) parts.push('"Loading the menu…" shows');
    if (s.matches({ serverMenu: "ready" })) parts.push("the menu has the server's two entries");
    if (s.matches({ serverMenu: "failed" })) parts.push('"The menu could not be loaded" shows with Retry');
    if (s.matches({ serverMenu: "off" })) parts.push("the menu has the eleven built-in entries");
    return parts.join("; ");
  },
  excluded: [
    {
      transition: "settings.serverMenu.off on menuFromServer.change → (stays)",
      why: "only signed out could a merchant turn the server menu on without it loading, and the drawer exists only signed in",
    },
  ],
};
