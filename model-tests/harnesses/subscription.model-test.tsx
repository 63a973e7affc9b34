// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { formatDateTime } from "../../src/i18n/format.ts";
import type { ControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { subscriptionModel } from "../models/subscription.model.ts";
import { renderSignedIn } from "./signed-in.ts";
import { expectNotRepeated, pageWords } from "./form-steps.ts";

type H = ConsoleHarness & { fake: ControlledApi };

const card = () => screen.getByTestId("subscription-card");
const text = (testId: string) => within(card()).getByTestId(testId).textContent ?? "";

runModel(subscriptionModel, {
  start: async () => renderSignedIn({ loadSubscription: "orders.subscription" }),
  fakeApi: (h: H) => h.fake,
  async perform(h: H, event) {
    if (event.type !== "subscription.retry") unmapped(event);
    await h.user.click(within(card()).getByRole("button", { name: h.t("subscription.retry") }));
  },
  async expectScreen(h: H, s) {
    const { subscription, planFailure } = s.context;
    const links = () => within(card()).queryAllByRole("link");
    const link = (name: string) => links().find((a) => a.textContent === name);

    if (s.matches("loading")) {
      await waitFor(() => expect(text("subscription-plan")).toBe(h.t("subscription.loading")));
      expect(links()).toHaveLength(0);
    } else if (s.matches("failed")) {
      await waitFor(() =>
        expect(text("subscription-plan")).toBe(`${h.t("subscription.failed")} ${pageWords(h, planFailure)}`),
      );
      expectNotRepeated(h, planFailure);
      expect(links()).toHaveLength(0);
    } else if (subscription?.package) {
      const pack = subscription.package;
      const date = formatDateTime(subscription.expiresAt ?? "", "en-US");
      await waitFor(() => expect(within(card()).getByTestId("subscription-package").textContent).toBe(pack.name));
      expect(text("subscription-plan")).toContain(
        subscription.active ? h.t("subscription.validUntil", { date }) : h.t("subscription.expiredOn", { date }),
      );
      for (const resource of ["wallets", "currencies", "applications"] as const) {
        const limit = pack.limits[resource];
        const used = subscription.usage[resource];
        const line = within(card()).getByTestId(`usage-${resource}`).textContent ?? "";
        expect(line).toContain(
          h.t("subscription.usageValue", { used, limit: limit === null ? h.t("subscription.unlimited") : limit }),
        );
        expect(line.includes(h.t("subscription.over"))).toBe(limit !== null && used > limit);
        // What the limit means, beneath it.
        expect(line).toContain(h.t(`packageLimits.${resource}.${limit === null ? "hintUnlimited" : "hint"}`));
      }
      expect(link(h.t("subscription.upgrade"))?.getAttribute("href")).toBe("/order/buy");
    } else {
      await waitFor(() => expect(text("subscription-plan")).toBe(h.t("subscription.none")));
      expect(link(h.t("subscription.buy"))?.getAttribute("href")).toBe("/order/buy");
    }
    if (s.matches("ready"))
      expect(Boolean(link(h.t("subscription.trial")))).toBe(subscription?.trialAvailable === true);

    const retry = within(card()).queryByRole("button", { name: h.t("subscription.retry") });
    expect(Boolean(retry)).toBe(s.matches("failed"));
  },
  stop: (h) => h.cleanup(),
});
