import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, fromTransition } from "xstate";
import type { MenuItem } from "../../contracts/schemas/user.ts";
import { type AppSettings, applyChange, defaultSettings, restoreSettings, settingsMachine } from "./settings.ts";
import { apiFailure, settle } from "../test-support.ts";

const menu: MenuItem[] = [{ name: "menu.console", path: "/console", order: 0 }];

/** A stand-in for the session actor: only its token matters to settings. */
function fakeSession(signedIn: boolean) {
  const logic = fromTransition(
    (_: { token: string | null }, event: { type: "token"; token: string | null }) => ({ token: event.token }),
    {
      token: signedIn ? "t0k3n" : null,
    },
  );
  const session = createActor(logic).start();
  return Object.assign(session, {
    signIn: () => session.send({ type: "token", token: "t0k3n" }),
    signOut: () => session.send({ type: "token", token: null }),
  });
}

function start(
  settings: AppSettings = defaultSettings,
  fetchMenu: () => Promise<MenuItem[]> = async () => menu,
  signedIn = true,
) {
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
  const session = fakeSession(signedIn);
  return { actor: createActor(machine, { input: { settings, session } }).start(), effects, session };
}

describe("settings", () => {
  it("starts from the spec's layout defaults", () => {
    expect(defaultSettings).toMatchObject({
      theme: "light",
      navbar: true,
      menu: true,
      footer: true,
      menuWidth: 220,
      themeColor: "#165DFF",
      tabBar: false,
      menuFromServer: false,
    });
  });

  it("applies and persists each change at once, refusing invalid values", () => {
    const { actor, effects } = start();
    actor.send({ type: "setting.change", key: "colorWeak", value: true });
    expect(actor.getSnapshot().context.settings.colorWeak).toBe(true);
    expect(effects.persist).toHaveBeenLastCalledWith(expect.objectContaining({ colorWeak: true }));
    actor.send({ type: "setting.change", key: "menuWidth", value: 5 });
    actor.send({ type: "setting.change", key: "menuWidth", value: Number.NaN });
    expect(actor.getSnapshot().context.settings.menuWidth).toBe(220);
    actor.send({ type: "setting.change", key: "menuWidth", value: 260 });
    expect(actor.getSnapshot().context.settings.menuWidth).toBe(260);
    actor.send({ type: "theme.toggle" });
    expect(actor.getSnapshot().context.settings.theme).toBe("dark");
    expect(effects.persist).toHaveBeenLastCalledWith(expect.objectContaining({ theme: "dark", menuWidth: 260 }));
  });

  it("keeps the colour picker's value upper case, and refuses what is no colour", () => {
    const { actor } = start();
    actor.send({ type: "setting.change", key: "themeColor", value: "#ff7d00" });
    expect(actor.getSnapshot().context.settings.themeColor).toBe("#FF7D00");
    actor.send({ type: "setting.change", key: "themeColor", value: "red" });
    expect(actor.getSnapshot().context.settings.themeColor).toBe("#FF7D00");
  });

  it("resets menuCollapse when the top menu is switched, and only then", () => {
    const collapsed = { ...defaultSettings, menuCollapse: true };
    expect(applyChange(collapsed, { type: "setting.change", key: "footer", value: false })).toMatchObject({
      footer: false,
      menuCollapse: true,
    });
    const { actor } = start(collapsed);
    actor.send({ type: "setting.change", key: "topMenu", value: true });
    expect(actor.getSnapshot().context.settings).toMatchObject({ topMenu: true, menuCollapse: false });
  });

  it("fetches the server menu when menuFromServer is switched on, with notices, and drops it when switched off", async () => {
    const { actor, effects } = start();
    actor.send({ type: "setting.change", key: "menuFromServer", value: true });
    expect(actor.getSnapshot().hasTag("menuLoading")).toBe(true);
    await settle(actor, "serverMenu.signedIn.ready");
    expect(actor.getSnapshot().context.serverMenu).toEqual(menu);
    expect(effects.loading).toHaveBeenCalledOnce();
    expect(effects.loaded).toHaveBeenCalledOnce();
    actor.send({ type: "setting.change", key: "menuFromServer", value: false });
    expect(actor.getSnapshot().matches({ serverMenu: { signedIn: "off" } })).toBe(true);
    expect(actor.getSnapshot().context.serverMenu).toBeNull();
    expect(effects.persist).toHaveBeenLastCalledWith(expect.objectContaining({ menuFromServer: false }));
  });

  it("stops loading when menuFromServer is switched off before the menu arrives", () => {
    const { actor, effects } = start(defaultSettings, () => new Promise(() => {}));
    actor.send({ type: "setting.change", key: "menuFromServer", value: true });
    actor.send({ type: "setting.change", key: "menuFromServer", value: false });
    expect(actor.getSnapshot().matches({ serverMenu: { signedIn: "off" } })).toBe(true);
    expect(effects.loaded).not.toHaveBeenCalled();
  });

  it("reports a failed menu load and can retry, or be switched off", async () => {
    let fail = true;
    const { actor, effects } = start(defaultSettings, async () => {
      if (fail) throw apiFailure("5000");
      return menu;
    });
    actor.send({ type: "setting.change", key: "menuFromServer", value: true });
    await settle(actor, "serverMenu.signedIn.failed");
    expect(actor.getSnapshot().hasTag("menuFailed")).toBe(true);
    expect(actor.getSnapshot().context.failure?.errCode).toBe("5000");
    expect(effects.failed).toHaveBeenCalledOnce();
    fail = false;
    actor.send({ type: "serverMenu.retry" });
    await settle(actor, "serverMenu.signedIn.ready");
    fail = true;
    actor.send({ type: "setting.change", key: "menuFromServer", value: false });
    actor.send({ type: "setting.change", key: "menuFromServer", value: true });
    await settle(actor, "serverMenu.signedIn.failed");
    actor.send({ type: "setting.change", key: "menuFromServer", value: false });
    expect(actor.getSnapshot().matches({ serverMenu: { signedIn: "off" } })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it("loads the server menu on boot when the saved settings ask for it", async () => {
    const { actor } = start({ ...defaultSettings, menuFromServer: true });
    await settle(actor, "serverMenu.signedIn.ready");
  });

  it("follows the session: the server menu only while signed in, cleared on logout", async () => {
    const calls = vi.fn(async () => menu);
    const { actor, session } = start({ ...defaultSettings, menuFromServer: true }, calls, false);
    expect(actor.getSnapshot().matches({ serverMenu: "signedOut" })).toBe(true);
    expect(calls).not.toHaveBeenCalled();
    session.signIn();
    await settle(actor, "serverMenu.signedIn.ready");
    session.signIn();
    expect(calls).toHaveBeenCalledOnce();
    session.signOut();
    expect(actor.getSnapshot().matches({ serverMenu: "signedOut" })).toBe(true);
    expect(actor.getSnapshot().context.serverMenu).toBeNull();
    actor.send({ type: "setting.change", key: "menuFromServer", value: false });
    actor.send({ type: "setting.change", key: "menuFromServer", value: true });
    expect(actor.getSnapshot().matches({ serverMenu: "signedOut" })).toBe(true);
    expect(actor.getSnapshot().context.settings.menuFromServer).toBe(true);
  });

  it("stops following the session when it stops", () => {
    const { actor, session } = start(defaultSettings, async () => menu, false);
    actor.stop();
    session.signIn();
    expect(actor.getSnapshot().matches({ serverMenu: "signedOut" })).toBe(true);
  });

  it("opens and closes the drawer", () => {
    const { actor } = start();
    actor.send({ type: "drawer.open" });
    expect(actor.getSnapshot().hasTag("drawerOpen")).toBe(true);
    actor.send({ type: "drawer.close" });
    expect(actor.getSnapshot().hasTag("drawerOpen")).toBe(false);
  });

  it("restores stored settings field by field", () => {
    expect(restoreSettings({ theme: "dark", menuWidth: "wide", navbar: false, junk: 1 })).toEqual({
      ...defaultSettings,
      theme: "dark",
      navbar: false,
    });
    expect(restoreSettings("garbage")).toEqual(defaultSettings);
  });

  it("keeps the columns each list shows as chosen, and drops a choice it cannot read", () => {
    const chosen = { bills: ["billNo", "amount", "status"], apps: ["appCode"] };
    expect(restoreSettings({ listColumns: chosen }).listColumns).toEqual(chosen);
    expect(restoreSettings({ listColumns: { bills: [1, 2] } }).listColumns).toEqual({});
    expect(restoreSettings({ listColumns: "all" }).listColumns).toEqual({});
  });
});
