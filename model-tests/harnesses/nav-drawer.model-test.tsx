// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { pressEscapeIn } from "../framework/escape.ts";
import { createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, fakeScreen, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { drawerDestination, navDrawerModel } from "../models/nav-drawer.model.ts";
import { signedInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & { screenSize: ReturnType<typeof fakeScreen> };

const mainMenu = (h: H) => screen.queryByRole("navigation", { name: h.t("menu.label") });
const menuButton = (h: H) => screen.queryByRole("button", { name: h.t("navbar.openMenu") });
const drawer = () => document.querySelector<HTMLElement>(".nav-drawer");

runModel(navDrawerModel, {
  async start() {
    const screenSize = fakeScreen();
    const fake = createControlledApi([], signedInAnswers);
    const h = await renderConsole({
      url: "/console/index",
      api: fake.api,
      matchMedia: screenSize.matchMedia,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    await screen.findByTestId("account-email");
    return Object.assign(h, { screenSize });
  },
  async perform(h: H, e) {
    switch (e.type) {
      case "viewport.changed":
        return h.screenSize.resize(e.narrow);
      case "nav.open":
        return h.user.click(menuButton(h) as HTMLElement);
      case "nav.close":
        return pressEscapeIn(h.user, drawer());
      case "nav.navigated":
        return h.user.click(within(drawer() as HTMLElement).getByRole("link", { name: h.t(drawerDestination.label) }));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const narrow = s.hasTag("narrow");
    await waitFor(() => expect(document.documentElement.classList.contains("mc-narrow")).toBe(narrow));
    if (!narrow) {
      await waitFor(() => expect(drawer()).toBeNull(), { timeout: 5000 });
      expect(menuButton(h)).toBeNull();
      expect(mainMenu(h)?.className).toBe("side-menu");
      expect(screen.getByRole("button", { name: h.t("settings.title") })).toBeTruthy();
      return;
    }
    // The account menu holds the navbar's tools now.
    expect(screen.queryByRole("button", { name: h.t("settings.title") })).toBeNull();
    expect(screen.getByTestId("account-menu-button").getAttribute("aria-label")).toMatch(
      new RegExp(`^${h.t("navbar.accountOf", { name: "" })}`),
    );
    if (s.hasTag("navOpen")) {
      await waitFor(() => expect(drawer()).not.toBeNull(), { timeout: 5000 });
      expect(within(drawer() as HTMLElement).getByRole("navigation", { name: h.t("menu.label") })).toBeTruthy();
      expect(menuButton(h)?.getAttribute("aria-expanded")).toBe("true");
      return;
    }
    await waitFor(() => expect(drawer()).toBeNull(), { timeout: 5000 });
    expect(mainMenu(h)).toBeNull();
    expect(menuButton(h)?.getAttribute("aria-expanded")).toBe("false");
    if (h.location() === drawerDestination.path)
      await screen.findByRole("heading", { level: 1, name: h.t(drawerDestination.label) });
  },
  stop: (h) => {
    h.cleanup();
    document.documentElement.className = "";
  },
});
