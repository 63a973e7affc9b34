// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { ControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { twoFactorModel } from "../models/two-factor.model.ts";
import { expectBusy, expectProblems, press } from "./form-steps.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi };

const card = () => document.querySelector(".two-factor-card") as HTMLElement;

/** The focused code field: type and press Enter, no mouse. */
async function typeCode(h: H, label: string, code: string) {
  const input = await screen.findByLabelText(label);
  await waitFor(() => expect(document.activeElement).toBe(input));
  await h.user.clear(input);
  await h.user.keyboard(`${code}{Enter}`);
}

async function expectFocused(label: string) {
  const input = await screen.findByLabelText(label);
  await waitFor(() => expect(document.activeElement).toBe(input));
}

runModel(twoFactorModel, {
  async start() {
    const h = await renderSignedIn({
      loadStatus: "twoFactor.status",
      startSetup: "twoFactor.setup",
      enable: "twoFactor.enable",
      disable: "twoFactor.disable",
    });
    await h.go("/user/center");
    await screen.findByRole("heading", { name: h.t("twoFactor.title") });
    return h;
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "twoFactor.retry":
        return press(h, h.t("twoFactor.retry"));
      case "twoFactor.start":
        return press(h, h.t("twoFactor.turnOn"));
      case "twoFactor.reveal":
        return typeCode(h, h.t("twoFactor.password"), e.password);
      case "twoFactor.confirm":
        return typeCode(h, h.t("twoFactor.code"), e.code);
      case "twoFactor.cancel":
        return press(h, h.t("common.cancel"));
      case "recovery.saved":
        return press(h, h.t("twoFactor.recoverySaved"));
      case "twoFactor.turnOff":
        return press(h, h.t("twoFactor.turnOff"));
      case "twoFactor.disable":
        return typeCode(h, h.t("login.secondFactorCode"), e.code);
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const state = () => screen.queryByTestId("two-factor-state")?.textContent ?? null;
    if (s.matches("loading")) return waitFor(() => expect(state()).toBeNull());
    if (s.matches("loadFailed")) {
      expect(await screen.findByRole("button", { name: h.t("twoFactor.retry") })).toBeTruthy();
      return expectProblems(h, {}, s.context.failure);
    }
    if (s.matches("startingSetup")) return expectBusy(h.t("twoFactor.showKey"));
    if (s.matches("enabling")) return expectBusy(h.t("twoFactor.confirm"));
    if (s.matches("disabling")) return expectBusy(h.t("twoFactor.turnOff"));
    if (s.matches("off")) {
      await waitFor(() => expect(state()).toBe(h.t("twoFactor.off")));
      expect(screen.getByRole("button", { name: h.t("twoFactor.turnOn") })).toBeTruthy();
      return expectProblems(h, {}, s.context.failure);
    }
    if (s.matches("askingPassword")) {
      await expectFocused(h.t("twoFactor.password"));
      expect(screen.queryByTestId("two-factor-secret")).toBeNull();
      return expectProblems(h, s.context.fieldErrors, s.context.failure);
    }
    if (s.matches("settingUp")) {
      const qr = await screen.findByTestId("two-factor-qr");
      expect(qr.getAttribute("data-value")).toBe(s.context.setup?.uri);
      expect(screen.getByTestId("two-factor-secret").textContent).toBe(s.context.setup?.secret);
      await expectFocused(h.t("twoFactor.code"));
      return expectProblems(h, s.context.fieldErrors, s.context.failure);
    }
    if (s.matches("showingRecoveryCodes")) {
      const list = await screen.findByTestId("recovery-codes");
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(s.context.recoveryCodes);
      return;
    }
    if (s.matches("on")) {
      await waitFor(() => expect(state()).toBe(h.t("twoFactor.on")));
      expect(card().textContent).toContain(
        h.t("twoFactor.recoveryLeft", { count: s.context.status?.recoveryCodesLeft ?? 0 }),
      );
      expect(screen.queryByTestId("recovery-codes")).toBeNull();
      return;
    }
    if (s.matches("confirmingOff")) {
      await expectFocused(h.t("login.secondFactorCode"));
      return expectProblems(h, s.context.fieldErrors, s.context.failure);
    }
  },
  stop: (h) => h.cleanup(),
});
