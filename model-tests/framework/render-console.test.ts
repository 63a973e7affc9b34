// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { routeModulesFor } from "../../src/app/route-modules.ts";
import { signedInAnswers } from "../harnesses/signed-in.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { createControlledApi } from "./fake-api.ts";
import { type ConsoleHarness, renderConsole } from "./render-console.tsx";
import "./setup.ts";

describe("renderConsole", () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  // As the console's boot does (src/main.tsx): the first page's code is there before the first render, so a path's
  // first wait is for the page, never for loading its modules (which took over 5 s while npm test ran beside it).
  it("renders the first page with its code already loaded: no loading bar, the page at once", async () => {
    const url = { pathname: "/callback/list", search: "" };
    h = await renderConsole({
      url: url.pathname,
      api: createControlledApi([], signedInAnswers).api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    expect(routeModulesFor(url, true).every((module) => module.loaded())).toBe(true);
    expect(screen.queryByRole("progressbar", { name: h.t("common.loading") })).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: h.t("callbacks.title") })).toBeTruthy();
  });

  // The same for a URL typed later (`go`): the page's code is loaded before the console goes there, so the step's wait
  // is for the page alone.
  it("goes to a typed URL with the page's code already loaded: the page at once", async () => {
    const signedIn = { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) };
    h = await renderConsole({
      url: "/callback/list",
      api: createControlledApi([], signedInAnswers).api,
      storage: signedIn,
    });
    const next = { pathname: "/rechargeBill/list", search: "" };
    await h.go(next.pathname);
    expect(routeModulesFor(next, true).every((module) => module.loaded())).toBe(true);
    expect(h.location()).toBe(next.pathname);
    expect(screen.getByRole("heading", { level: 1, name: h.t("menu.rechargeBills") })).toBeTruthy();
  });
});
