import { describe, expect, it } from "vitest";
import { sideMenu } from "../../contracts/console-routes.ts";
import type { MenuItem } from "../../contracts/schemas/user.ts";
import { defaultSettings, settingsMachine } from "./settings.ts";
import { selectMenu, selectSideMenuVisible, selectTopMenuVisible } from "./settings-selectors.ts";

/** A settings snapshot (the session it follows is not read by these selectors). */
const snapshotWith = (settings: typeof defaultSettings, serverMenu: MenuItem[] | null = null) =>
  settingsMachine.resolveState({
    value: { drawer: "closed", serverMenu: "signedOut" },
    context: { settings, session: undefined as never, serverMenu, failure: null },
  });
const view = (menu: boolean, topMenu: boolean) => snapshotWith({ ...defaultSettings, menu, topMenu });

describe("settings selectors", () => {
  it("place the menu beside the page, on top, or nowhere", () => {
    expect([selectSideMenuVisible(view(true, false)), selectTopMenuVisible(view(true, false))]).toEqual([true, false]);
    expect([selectSideMenuVisible(view(true, true)), selectTopMenuVisible(view(true, true))]).toEqual([false, true]);
    expect([selectSideMenuVisible(view(false, true)), selectTopMenuVisible(view(false, true))]).toEqual([false, false]);
    expect([selectSideMenuVisible(view(false, false)), selectTopMenuVisible(view(false, false))]).toEqual([
      false,
      false,
    ]);
  });

  it("list the server's menu when it sent one, else the built-in menu", () => {
    const fromServer: MenuItem[] = [{ name: "menu.orders", path: "/order", icon: "shopping-cart", order: 1 }];
    expect(selectMenu(snapshotWith(defaultSettings, fromServer))).toBe(fromServer);
    expect(selectMenu(snapshotWith(defaultSettings))).toBe(sideMenu);
  });
});
