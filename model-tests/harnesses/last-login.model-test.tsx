// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { formatDateTime } from "../../src/i18n/format.ts";
import type { ControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { lastLoginModel } from "../models/last-login.model.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi; retries: number };

const cell = () => screen.getByTestId("last-login");

runModel(lastLoginModel, {
  start: async () => Object.assign(await renderSignedIn({ loadLastLogin: "auth.lastLogin" }), { retries: 0 }),
  fakeApi: (h: H) => h.fake,
  async perform(h: H, event) {
    if (event.type !== "lastLogin.retry") unmapped(event);
    h.retries += 1;
    await h.user.click(within(cell()).getByRole("button", { name: h.t("console.lastLoginRetry") }));
  },
  async expectScreen(h: H, s) {
    const retry = () => within(cell()).queryByRole("button", { name: h.t("console.lastLoginRetry") });
    if (s.matches("loading")) {
      await waitFor(() => expect(cell().textContent).toBe(h.t("console.lastLoginLoading")));
      // Asked once when the page opens, and once more per retry.
      await waitFor(() =>
        expect(h.fake.calls.filter((c) => c.method === "auth.lastLogin")).toHaveLength(h.retries + 1),
      );
      return;
    }
    if (s.matches("failed")) {
      await waitFor(() => expect(cell().textContent).toContain(h.t("console.lastLoginFailed")));
      expect(retry()).toBeTruthy();
      return;
    }
    const { lastLoginAt, lastLoginIp } = s.context.lastLogin ?? {};
    const expected = lastLoginAt ? `${formatDateTime(lastLoginAt, "en-US")} · ${lastLoginIp}` : h.t("console.never");
    await waitFor(() => expect(cell().textContent).toBe(expected));
    expect(retry()).toBeNull();
  },
  stop: (h) => h.cleanup(),
});
