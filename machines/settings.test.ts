import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { MenuItem } from "../contracts/schemas/user.ts";
import { type AppSettings, defaultSettings, restoreSettings, settingsMachine } from "./settings.ts";
import { apiFailure, settle } from "./test-support.ts";

const menu: MenuItem[] = [{ name: "menu.console", path: "/console", order: 0 }];

function start(settings: AppSettings = defaultSettings, fetchMenu: () => Promise<MenuItem[]> = async () => menu, signedIn = true) {
  const effects = { persist: vi.fn(), loading: vi.fn(), loaded: vi.fn(), failed: vi.fn() };
  const machine = settingsMachine.provide({
    actors: { fetchMenu: fromPromise(() => fetchMenu()) },
    actions: {
      persist: (_, p) => effects.persist(p.settings),
      announceMenuLoading: effects.loading,
      announceMenuLoaded: effects.loaded,
      announceMenuFailed: effects.failed,
    },
  });
  return { actor: createActor(machine, { input: { settings, signedIn } }).start(), effects };
}

describe("settings", () => {
  it("starts from the spec's layout defaults", () => {
    expect(defaultSettings).toMatchObject({ theme: "light", navbar: true, menu: true, footer: true, menuWidth: 220, themeColor: "#165DFF", tabBar: false, menuFromServer: false });
  });

  it("applies and persists each toggle at once, refusing invalid values", () => {
    const { actor, effects } = start();
    actor.send({ type: "setting.change", key: "colorWeak", value: true });
    expect(actor.getSnapshot().context.settings.colorWeak).toBe(true);
    expect(effects.persist).toHaveBeenLastCalledWith(expect.objectContaining({ colorWeak: true }));
    actor.send({ type: "setting.change", key: "menuWidth", value: 5 });
    expect(actor.getSnapshot().context.settings.menuWidth).toBe(220);
    actor.send({ type: "theme.toggle" });
    expect(actor.getSnapshot().context.settings.theme).toBe("dark");
  });

  it("resets menuCollapse when the top menu is switched", () => {
    const { actor } = start({ ...defaultSettings, menuCollapse: true });
    actor.send({ type: "topMenu.change", value: true });
    expect(actor.getSnapshot().context.settings).toMatchObject({ topMenu: true, menuCollapse: false });
  });

  it("fetches the server menu when menuFromServer is switched on, with notices", async () => {
    const { actor, effects } = start();
    actor.send({ type: "menuFromServer.change", value: true });
    await settle(actor, "serverMenu.ready");
    expect(actor.getSnapshot().context.serverMenu).toEqual(menu);
    expect(effects.loading).toHaveBeenCalledOnce();
    expect(effects.loaded).toHaveBeenCalledOnce();
    actor.send({ type: "menuFromServer.change", value: false });
    expect(actor.getSnapshot().context.serverMenu).toBeNull();
    expect(effects.persist).toHaveBeenLastCalledWith(expect.objectContaining({ menuFromServer: false }));
  });

  it("reports a failed menu load and can retry", async () => {
    let fail = true;
    const { actor, effects } = start(defaultSettings, async () => {
      if (fail) throw apiFailure("5000");
      return menu;
    });
    actor.send({ type: "menuFromServer.change", value: true });
    await settle(actor, "serverMenu.failed");
    expect(effects.failed).toHaveBeenCalledOnce();
    fail = false;
    actor.send({ type: "serverMenu.retry" });
    await settle(actor, "serverMenu.ready");
  });

  it("loads the server menu on boot when the saved settings ask for it", async () => {
    const { actor } = start({ ...defaultSettings, menuFromServer: true });
    await settle(actor, "serverMenu.ready");
  });

  it("keeps the server menu only while signed in, and clears it on logout", async () => {
    const calls = vi.fn(async () => menu);
    const { actor } = start({ ...defaultSettings, menuFromServer: true }, calls, false);
    expect(actor.getSnapshot().matches({ serverMenu: "off" })).toBe(true);
    expect(calls).not.toHaveBeenCalled();
    actor.send({ type: "session.signedIn" });
    await settle(actor, "serverMenu.ready");
    actor.send({ type: "session.signedOut" });
    expect(actor.getSnapshot().context.serverMenu).toBeNull();
    actor.send({ type: "menuFromServer.change", value: false });
    actor.send({ type: "menuFromServer.change", value: true });
    expect(actor.getSnapshot().matches({ serverMenu: "off" })).toBe(true);
    expect(actor.getSnapshot().context.settings.menuFromServer).toBe(true);
  });

  it("opens and closes the drawer", () => {
    const { actor } = start();
    actor.send({ type: "drawer.open" });
    expect(actor.getSnapshot().context.drawerOpen).toBe(true);
    actor.send({ type: "drawer.close" });
    expect(actor.getSnapshot().context.drawerOpen).toBe(false);
  });

  it("restores stored settings field by field", () => {
    expect(restoreSettings({ theme: "dark", menuWidth: "wide", navbar: false, junk: 1 })).toEqual({ ...defaultSettings, theme: "dark", navbar: false });
    expect(restoreSettings("garbage")).toEqual(defaultSettings);
  });
});
