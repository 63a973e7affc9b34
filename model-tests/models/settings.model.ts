import { defaultSettings, type SessionSource, settingsMachine } from "../../machines/shell/settings.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { failure, loginResult, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(settingsMachine);

/** The server's menu in the fake API: two entries, so a merchant can tell it from the built-in menu (more). */
export const serverMenu = [
  { name: "menu.console", path: "/console", icon: "dashboard", order: 0 },
  { name: "menu.orders", path: "/order", icon: "shopping-cart", order: 1 },
];

/**
 * The session as the machine reads it when it boots. In the console it is the real session actor, which the
 * harness starts signed in or not; later sign-ins and logouts are the path's session.* steps.
 */
export const sessionAtBoot = (signedIn: boolean): SessionSource => ({
  getSnapshot: () => ({ context: { token: signedIn ? loginResult.accessToken : null } }),
  subscribe: () => ({ unsubscribe: () => {} }),
});

export const signedInAtBoot = (input: { session: SessionSource }) => input.session.getSnapshot().context.token !== null;

export const settingsModel: MachineModel<typeof settingsMachine> = {
  id: "settings",
  walks: true,
  machine: settingsMachine,
  starts: [
    { name: "signed in", input: { settings: defaultSettings, session: sessionAtBoot(true) } },
    {
      name: "signed in, server menu saved",
      input: { settings: { ...defaultSettings, menuFromServer: true }, session: sessionAtBoot(true) },
    },
    {
      name: "signed out, server menu saved",
      input: { settings: { ...defaultSettings, menuFromServer: true }, session: sessionAtBoot(false) },
    },
  ],
  // Toggles that change only the looks are covered by the transition step; what changes behaviour is kept apart.
  serialize: (s) => JSON.stringify([s.value, s.context.settings.menuFromServer]),
  events: (s) => {
    const { settings } = s.context;
    if (s.matches({ serverMenu: "signedOut" })) return [{ type: "session.signedIn" }];
    const events: Array<ModelEvent<typeof settingsMachine>> = [];
    if (s.hasTag("menuLoading"))
      events.push(done("fetchMenu", serverMenu), failed("fetchMenu", failure("5000", "Internal error")));
    if (s.hasTag("drawerOpen")) {
      events.push(
        { type: "drawer.close" },
        { type: "setting.change", key: "colorWeak", value: !settings.colorWeak },
        { type: "theme.toggle" },
        { type: "setting.change", key: "topMenu", value: !settings.topMenu },
        { type: "setting.change", key: "menuFromServer", value: !settings.menuFromServer },
      );
      if (s.hasTag("menuFailed")) events.push({ type: "serverMenu.retry" });
    } else {
      events.push({ type: "drawer.open" }, { type: "theme.toggle" });
      if (!s.hasTag("menuLoading")) events.push({ type: "session.signedOut" });
    }
    return events;
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "drawer.open":
        return "Press Page settings in the navbar";
      case "drawer.close":
        return "Press Close in the settings drawer";
      case "setting.change":
        return `Switch ${e.key} ${e.value ? "on" : "off"} in the drawer`;
      case "theme.toggle":
        return "Switch between light and dark theme";
      case "serverMenu.retry":
        return "Press Retry under the menu switches";
      case "session.signedIn":
        return "Sign in";
      case "session.signedOut":
        return "Log out";
      case "xstate.done.actor.fetchMenu":
        return "The server answers its menu (two entries)";
      case "xstate.error.actor.fetchMenu":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { settings } = s.context;
    if (s.matches({ serverMenu: "signedOut" })) return "The sign-in page";
    const parts = [
      s.hasTag("drawerOpen") ? "the settings drawer is open" : "the drawer is closed",
      settings.theme === "dark" ? "dark theme" : "light theme",
      settings.colorWeak ? "colours inverted 80%" : "no colour filter",
      settings.topMenu ? "the menu runs along the top" : "the menu is at the side",
    ];
    if (s.hasTag("menuLoading")) parts.push('"Loading the menu…" shows');
    if (s.matches({ serverMenu: { signedIn: "ready" } })) parts.push("the menu has the server's two entries");
    if (s.hasTag("menuFailed")) parts.push('"The menu could not be loaded" shows with Retry');
    if (s.matches({ serverMenu: { signedIn: "off" } })) parts.push("the menu has the built-in entries");
    return parts.join("; ");
  },
  excluded: [],
};
