import { describe, expect, it } from "vitest";
import { selectNarrow, selectNavDrawerWidth, shellLayoutOf } from "./layout-selectors.ts";
import { navDrawerMachine } from "./nav-drawer.ts";
import { type AppSettings, defaultSettings, settingsMachine } from "./settings.ts";

const settings = (change: Partial<AppSettings> = {}): AppSettings => ({ ...defaultSettings, ...change });
const wide = false;
const narrow = true;

describe("shellLayoutOf", () => {
  it("on a wide screen: the settings as they are, tools in the navbar", () => {
    expect(shellLayoutOf(settings(), wide)).toEqual({
      narrow: false,
      menu: "side",
      collapsed: false,
      menuButton: "collapse",
      tools: "navbar",
      floatingSettings: false,
      floatingMenu: false,
      messageBox: "popover",
      settingsDrawer: "side",
    });
    expect(shellLayoutOf(settings({ menuCollapse: true }), wide)).toMatchObject({
      menu: "side",
      collapsed: true,
      menuButton: "collapse",
    });
    expect(shellLayoutOf(settings({ topMenu: true }), wide)).toMatchObject({
      menu: "top",
      collapsed: false,
      menuButton: "none",
    });
    expect(shellLayoutOf(settings({ menu: false }), wide)).toMatchObject({ menu: "none", menuButton: "none" });
    expect(shellLayoutOf(settings({ navbar: false }), wide)).toMatchObject({
      floatingSettings: true,
      floatingMenu: false,
    });
  });

  it("on a narrow screen: the menu in the drawer (top menu or not, never collapsed), tools in the account menu, full-width overlays", () => {
    expect(shellLayoutOf(settings(), narrow)).toEqual({
      narrow: true,
      menu: "drawer",
      collapsed: false,
      menuButton: "drawer",
      tools: "accountMenu",
      floatingSettings: false,
      floatingMenu: false,
      messageBox: "sheet",
      settingsDrawer: "fullWidth",
    });
    expect(shellLayoutOf(settings({ topMenu: true, menuCollapse: true }), narrow)).toMatchObject({
      menu: "drawer",
      collapsed: false,
      menuButton: "drawer",
    });
    expect(shellLayoutOf(settings({ menu: false }), narrow)).toMatchObject({
      menu: "none",
      menuButton: "none",
      floatingMenu: false,
    });
    expect(shellLayoutOf(settings({ navbar: false }), narrow)).toMatchObject({
      floatingSettings: true,
      floatingMenu: true,
    });
  });

  it("reads the width class from the navDrawer snapshot's tag", () => {
    expect(selectNarrow(navDrawerMachine.resolveState({ value: { narrow: "closed" }, context: {} }))).toBe(true);
    expect(selectNarrow(navDrawerMachine.resolveState({ value: "wide", context: {} }))).toBe(false);
  });

  it("sizes the drawer from the menu width, leaving a strip of the page to tap", () => {
    const snapshot = settingsMachine.resolveState({
      value: { drawer: "closed", serverMenu: "signedOut" },
      context: { settings: settings({ menuWidth: 260 }), session: undefined as never, serverMenu: null, failure: null },
    });
    expect(selectNavDrawerWidth(snapshot)).toBe("min(260px, calc(100vw - 48px))");
  });
});
