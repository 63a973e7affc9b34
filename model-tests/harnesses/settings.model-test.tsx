import { sideMenu } from "../../contracts/console-routes.ts";
// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { settingsStorageKey } from "../../src/app/settings-service.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import type { ModelSnapshot } from "../framework/model.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, merchant, storedUser } from "../models/fixtures.ts";
import { settingsModel, signedInAtBoot } from "../models/settings.model.ts";
import { fill, press } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

type S = ModelSnapshot<typeof settingsModel.machine>;
/**
 * `stepAt`: how many notices the console had said when the step began; `since`: that count when the menu started
 * loading or failed, the notice of each read from there (not since the console started); `previous`: the last state.
 */
type H = ConsoleHarness & {
  fake: ControlledApi;
  stepAt: number;
  since: Partial<Record<"menuLoading" | "menuFailed", number>>;
  previous: S | null;
};

const drawer = (h: H) =>
  screen.getByRole("heading", { name: h.t("settings.title") }).closest(".bp6-drawer") as HTMLElement;
const drawerSwitch = (h: H, key: string) => within(drawer(h)).getByLabelText(h.t(key));
const menuLinks = () => within(screen.getByRole("navigation", { name: "Main menu" })).getAllByRole("link");

runModel(settingsModel, {
  async start(path) {
    const fake = createControlledApi(
      { fetchMenu: "user.menu" },
      {
        ...signedInAnswers,
        "auth.login": async () => loginResult,
        "auth.logout": async () => null,
      },
    );
    const storage: Record<string, string> = { [settingsStorageKey]: JSON.stringify(path.input.settings) };
    const signedIn = signedInAtBoot(path.input);
    if (signedIn) {
      storage[storageKeys.token] = loginResult.accessToken;
      storage[storageKeys.user] = JSON.stringify(storedUser);
    }
    const h = await renderConsole({ url: signedIn ? "/console/index" : "/login", api: fake.api, storage });
    return Object.assign(h, { fake, stepAt: 0, since: {}, previous: null });
  },
  // Each step marked as it begins.
  fakeApi: (h: H) => ({
    ...h.fake,
    answerActorResult(event) {
      h.stepAt = h.notifications.length;
      return h.fake.answerActorResult(event);
    },
  }),
  async perform(h: H, e) {
    const drawerOpen = Boolean(screen.queryByRole("heading", { name: h.t("settings.title") }));
    switch (e.type) {
      case "drawer.open":
        return press(h, h.t("settings.title"));
      case "drawer.close":
        return h.user.click(within(drawer(h)).getByRole("button", { name: h.t("settings.close") }));
      case "setting.change":
        return h.user.click(drawerSwitch(h, `settings.${e.key}`));
      case "theme.toggle":
        if (drawerOpen) return h.user.click(drawerSwitch(h, "navbar.darkTheme"));
        return h.user.click(
          screen.getByRole("button", {
            name: new RegExp(`^(${h.t("navbar.darkTheme")}|${h.t("navbar.lightTheme")})$`),
          }),
        );
      case "serverMenu.retry":
        return h.user.click(within(drawer(h)).getByRole("button", { name: h.t("settings.retry") }));
      case "session.signedOut":
        return press(h, h.t("session.logout"));
      case "session.signedIn":
        await fill(h, h.t("fields.email"), merchant.email);
        await fill(h, h.t("fields.password"), merchant.password);
        return press(h, h.t("login.submit"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    for (const tag of ["menuLoading", "menuFailed"] as const)
      if (s.hasTag(tag) && !h.previous?.hasTag(tag)) h.since[tag] = h.stepAt;
    h.previous = s;
    const saidSince = (tag: "menuLoading" | "menuFailed") => h.notifications.slice(h.since[tag]);
    const { settings } = s.context;
    const root = document.documentElement;
    await waitFor(() => {
      expect(root.classList.contains("bp6-dark")).toBe(settings.theme === "dark");
      expect(root.style.filter).toBe(settings.colorWeak ? "invert(80%)" : "");
    });
    expect(JSON.parse(localStorage.getItem(settingsStorageKey) ?? "{}")).toMatchObject({
      menuFromServer: settings.menuFromServer,
      theme: settings.theme,
    });
    if (s.matches({ serverMenu: "signedOut" })) {
      await waitFor(() => expect(h.location()).toMatch(/^\/login/));
      return;
    }
    await waitFor(() =>
      expect(Boolean(screen.queryByRole("heading", { name: h.t("settings.title") }))).toBe(s.hasTag("drawerOpen")),
    );
    await waitFor(() => expect(Boolean(document.querySelector("nav.top-menu"))).toBe(settings.topMenu));
    if (s.hasTag("menuLoading")) expect(saidSince("menuLoading")).toContain(h.t("settings.menuLoading"));
    if (s.matches({ serverMenu: { signedIn: "ready" } })) await waitFor(() => expect(menuLinks()).toHaveLength(2));
    if (s.matches({ serverMenu: { signedIn: "off" } }))
      await waitFor(() => expect(menuLinks()).toHaveLength(sideMenu.length));
    if (s.hasTag("menuFailed")) {
      expect(saidSince("menuFailed")).toContain(h.t("settings.menuFailed"));
      await waitFor(() => expect(menuLinks()).toHaveLength(sideMenu.length));
    }
  },
  stop: (h) => {
    h.cleanup();
    document.documentElement.className = "";
    document.documentElement.removeAttribute("style");
  },
});
