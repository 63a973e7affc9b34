// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { settingsStorageKey } from "../../src/app/settings-service.ts";
import { createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, merchant, storedUser } from "../models/fixtures.ts";
import { settingsModel } from "../models/settings.model.ts";
import { fill, press } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ReturnType<typeof createControlledApi> };

const drawer = (h: H) => screen.getByRole("heading", { name: h.t("settings.title") }).closest(".bp6-drawer") as HTMLElement;
const drawerSwitch = (h: H, key: string) => within(drawer(h)).getByLabelText(h.t(key));
const menuLinks = () => within(screen.getByRole("navigation", { name: "Main menu" })).getAllByRole("link");

runModel(settingsModel, {
  async start(path) {
    const fake = createControlledApi(["menu"], {
      ...signedInAnswers,
      login: async () => loginResult,
      logout: async () => null,
    });
    const storage: Record<string, string> = { [settingsStorageKey]: JSON.stringify(path.input.settings) };
    if (path.input.signedIn) {
      storage[storageKeys.token] = loginResult.accessToken;
      storage[storageKeys.user] = JSON.stringify(storedUser);
    }
    const h = await renderConsole({ url: path.input.signedIn ? "/console/index" : "/login", api: fake.api, storage });
    return Object.assign(h, { fake });
  },
  async perform(h: H, event) {
    const e = event as { type: string; key?: string; output?: unknown; error?: { errCode: string; errMsg: string } };
    const drawerOpen = Boolean(screen.queryByRole("heading", { name: h.t("settings.title") }));
    switch (e.type) {
      case "drawer.open":
        return press(h, h.t("settings.title"));
      case "drawer.close":
        return h.user.click(within(drawer(h)).getByRole("button", { name: h.t("settings.close") }));
      case "setting.change":
        return h.user.click(drawerSwitch(h, `settings.${e.key}`));
      case "topMenu.change":
        return h.user.click(drawerSwitch(h, "settings.topMenu"));
      case "menuFromServer.change":
        return h.user.click(drawerSwitch(h, "settings.menuFromServer"));
      case "theme.toggle":
        if (drawerOpen) return h.user.click(drawerSwitch(h, "navbar.darkTheme"));
        return h.user.click(screen.getByRole("button", { name: new RegExp(`^(${h.t("navbar.darkTheme")}|${h.t("navbar.lightTheme")})$`) }));
      case "serverMenu.retry":
        return h.user.click(within(drawer(h)).getByRole("button", { name: h.t("settings.retry") }));
      case "session.signedOut":
        return press(h, h.t("session.logout"));
      case "session.signedIn":
        await fill(h, h.t("fields.email"), merchant.email);
        await fill(h, h.t("fields.password"), merchant.password);
        return press(h, h.t("login.submit"));
      case "xstate.done.actor.fetchMenu":
        return h.fake.settle("menu", { output: e.output });
      case "xstate.error.actor.fetchMenu":
        return h.fake.settle("menu", { error: e.error as { errCode: string; errMsg: string } });
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { settings, signedIn, drawerOpen } = s.context;
    const root = document.documentElement;
    await waitFor(() => {
      expect(root.classList.contains("bp6-dark")).toBe(settings.theme === "dark");
      expect(root.style.filter).toBe(settings.colorWeak ? "invert(80%)" : "");
    });
    expect(JSON.parse(localStorage.getItem(settingsStorageKey) ?? "{}")).toMatchObject({ menuFromServer: settings.menuFromServer, theme: settings.theme });
    if (!signedIn) {
      await waitFor(() => expect(h.location()).toMatch(/^\/login/));
      return;
    }
    await waitFor(() => expect(Boolean(screen.queryByRole("heading", { name: h.t("settings.title") }))).toBe(drawerOpen));
    await waitFor(() => expect(Boolean(document.querySelector("nav.top-menu"))).toBe(settings.topMenu));
    if (s.matches({ serverMenu: "loading" })) expect(h.notifications).toContain(h.t("settings.menuLoading"));
    if (s.matches({ serverMenu: "ready" })) await waitFor(() => expect(menuLinks()).toHaveLength(2));
    if (s.matches({ serverMenu: "off" })) await waitFor(() => expect(menuLinks()).toHaveLength(11));
    if (s.matches({ serverMenu: "failed" })) {
      expect(h.notifications).toContain(h.t("settings.menuFailed"));
      await waitFor(() => expect(menuLinks()).toHaveLength(11));
    }
  },
  stop: (h) => {
    h.cleanup();
    document.documentElement.className = "";
    document.documentElement.removeAttribute("style");
  },
});
