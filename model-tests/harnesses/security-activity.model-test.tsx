// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatDateTime } from "../../src/i18n/format.ts";
import { createControlledApi, type ControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { securityActivityModel } from "../models/security-activity.model.ts";
import { signedInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi; loads: number };

const card = () => screen.getByTestId("security-activity");
const button = (h: H, key: "security.retry" | "security.reload") =>
  within(card()).queryByRole("button", { name: h.t(key) });

/** The user centre of the sample merchant, its security activity answered by the path. */
async function start(): Promise<H> {
  const fake = createControlledApi({ loadSecurityActivity: "user.securityActivity" }, signedInAnswers);
  const h = await renderConsole({
    url: "/user/center",
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  await screen.findByTestId("security-activity");
  return Object.assign(h, { fake, loads: 1 });
}

runModel(securityActivityModel, {
  start,
  fakeApi: (h: H) => h.fake,
  async perform(h: H, event) {
    if (event.type !== "securityActivity.retry" && event.type !== "securityActivity.reload") unmapped(event);
    h.loads += 1;
    const target = button(h, event.type === "securityActivity.retry" ? "security.retry" : "security.reload");
    if (!target) throw new Error(`no button for ${event.type}`);
    await h.user.click(target);
  },
  async expectScreen(h: H, s) {
    // Asked once when the page opens, and once more per retry or refresh.
    await waitFor(() => expect(h.fake.calls.filter((c) => c.method === "user.securityActivity")).toHaveLength(h.loads));
    const { events } = s.context;
    const items = () => within(card()).queryAllByTestId("security-event");
    if (s.matches("failed")) {
      await waitFor(() => expect(card().textContent).toContain(h.t("security.failed")));
      expect(button(h, "security.retry")).toBeTruthy();
      expect(items()).toHaveLength(0);
      return;
    }
    if (s.matches("loading") && events.length === 0) {
      await waitFor(() => expect(card().textContent).toContain(h.t("security.loading")));
      expect(button(h, "security.retry")).toBeNull();
      return;
    }
    if (events.length === 0) {
      await waitFor(() => expect(card().textContent).toContain(h.t("security.empty")));
      expect(button(h, "security.reload")).toBeTruthy();
      return;
    }
    await waitFor(() => expect(items()).toHaveLength(events.length));
    events.forEach((event, index) => {
      const text = items()[index]?.textContent ?? "";
      expect(text).toContain(h.t(`security.kinds.${event.kind}`));
      expect(text).toContain(h.t(`security.outcomes.${event.outcome}`));
      expect(text).toContain(`${formatDateTime(event.at, "en-US")} · ${event.ip}`);
      if (event.userAgent) expect(text).toContain(event.userAgent);
    });
    const busy = card().querySelector("[aria-busy]");
    if (s.matches("loading")) expect(busy).toBeTruthy();
    else await waitFor(() => expect(card().querySelector("[aria-busy]")).toBeNull());
  },
  stop: (h) => h.cleanup(),
});
