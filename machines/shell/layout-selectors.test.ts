import { describe, expect, it } from "vitest";
import { navDrawerWidth, selectNarrow, selectShellLayout } from "./layout-selectors.ts";
import { type AppSettings, defaultSettings } from "./settings.ts";

const settings = (change: Partial<AppSettings> = {}) => ({ context: { settings: { ...defaultSettings, ...change } } });
const wide = false;
const narrow = true;

describe("selectShellLayout", () => {
  it("on a wide screen: the settings as they are, tools in the navbar", () => {
    expect(selectShellLayout(settings(), wide)).toEqual({
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
    expect(selectShellLayout(settings({ menuCollapse: true }), wide)).toMatchObject({
      menu: "side",
      collapsed: true,
      menuButton: "collapse",
    });
    expect(selectShellLayout(settings({ topMenu: true }), wide)).toMatchObject({
      menu: "top",
      collapsed: false,
      menuButton: "none",
    });
    expect(selectShellLayout(settings({ menu: false }), wide)).toMatchObject({ menu: "none", menuButton: "none" });
    expect(selectShellLayout(settings({ navbar: false }), wide)).toMatchObject({
      floatingSettings: true,
      floatingMenu: false,
    });
  });

  it("on a narrow screen: the menu in the drawer (top menu or not, never collapsed), tools in the account menu, full-width overlays", () => {
    expect(selectShellLayout(settings(), narrow)).toEqual({
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
    expect(selectShellLayout(settings({ topMenu: true, menuCollapse: true }), narrow)).toMatchObject({
      menu: "drawer",
      collapsed: false,
      menuButton: "drawer",
    });
    expect(selectShellLayout(settings({ menu: false }), narrow)).toMatchObject({
      menu: "none",
      menuButton: "none",
      floatingMenu: false,
    });
    expect(selectShellLayout(settings({ navbar: false }), narrow)).toMatchObject({
      floatingSettings: true,
      floatingMenu: true,
    });
  });

  it("reads the width class from the navDrawer snapshot's tag", () => {
    expect(selectNarrow({ hasTag: (tag) => tag === "narrow" })).toBe(true);
    expect(selectNarrow({ hasTag: () => false })).toBe(false);
  });

  it("sizes the drawer from the menu width, leaving a strip of the page to tap", () => {
    expect(navDrawerWidth(settings({ menuWidth: 260 }))).toBe("min(260px, calc(100vw - 48px))");
  });
});
