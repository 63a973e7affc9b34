// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { settingsStorageKey } from "../../src/app/settings-service.ts";
import { createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { tabsModel } from "../models/tabs.model.ts";
import { press } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

type H = ConsoleHarness;

const tabBar = () => screen.getByRole("navigation", { name: "Open pages" });

runModel(tabsModel, {
  async start() {
    const fake = createControlledApi([], { ...signedInAnswers, "auth.logout": async () => null });
    // Signed in, but on a public page: no tab is open until the first console page.
    return renderConsole({
      url: "/home",
      api: fake.api,
      storage: {
        [storageKeys.token]: loginResult.accessToken,
        [storageKeys.user]: JSON.stringify(storedUser),
        [settingsStorageKey]: JSON.stringify({ tabBar: true }),
      },
    });
  },
  async perform(h: H, event) {
    const e = event as { type: string; tab?: { fullPath: string; title: string }; name?: string };
    switch (e.type) {
      case "tab.visit":
        return h.go(e.tab?.fullPath ?? "/");
      case "tab.close": {
        const title = h.services.tabs.getSnapshot().context.tabs.find((t) => t.name === e.name)?.title ?? "";
        return h.user.click(within(tabBar()).getByRole("button", { name: h.t("tabs.close", { title: h.t(title) }) }));
      }
      case "tab.closeOthers":
        return h.user.click(within(tabBar()).getByRole("button", { name: h.t("tabs.closeOthers") }));
      case "tabs.reset":
        return press(h, h.t("session.logout"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { tabs, active } = s.context;
    if (tabs.length === 0) {
      await waitFor(() => expect(screen.queryByRole("navigation", { name: "Open pages" })).toBeNull());
      return;
    }
    const current = tabs.find((t) => t.name === active);
    await waitFor(() => expect(h.location()).toBe(current?.fullPath));
    await waitFor(() => {
      const links = within(tabBar()).getAllByRole("link");
      expect(links.map((link) => link.textContent)).toEqual(tabs.map((t) => h.t(t.title)));
      expect(links.find((link) => link.getAttribute("aria-current") === "page")?.textContent).toBe(
        h.t(current?.title ?? ""),
      );
    });
  },
  stop: (h) => h.cleanup(),
});
