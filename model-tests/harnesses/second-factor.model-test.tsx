// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { merchant, profile } from "../models/fixtures.ts";
import { secondFactorModel } from "../models/second-factor.model.ts";
import { challengeAnswer } from "../models/session.model.ts";
import { expectBusy, expectProblems, expectSaidOnce, fill, press } from "./form-steps.ts";
import { signingInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi };

runModel(secondFactorModel, {
  async start() {
    const fake = createControlledApi(
      { verifyCode: "auth.secondFactor" },
      {
        // The password holds and TOTP is on: the second step follows.
        "auth.login": async () => challengeAnswer,
        ...signingInAnswers,
        "user.info": async () => profile,
      },
    );
    const h = Object.assign(await renderConsole({ url: "/login", api: fake.api, storage: {} }), { fake });
    await fill(h, h.t("fields.email"), merchant.email);
    await fill(h, h.t("fields.password"), merchant.password);
    await press(h, h.t("login.submit"));
    return h;
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "secondFactor.submit": {
        // The code field has the focus: type and press Enter, no mouse.
        const input = await screen.findByLabelText(h.t("login.secondFactorCode"));
        await waitFor(() => expect(document.activeElement).toBe(input));
        await h.user.clear(input);
        await h.user.keyboard(`${e.code}{Enter}`);
        return;
      }
      case "secondFactor.cancel":
        return press(h, h.t("login.secondFactorBack"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("asking")) {
      expect(await screen.findByRole("heading", { name: h.t("login.secondFactorTitle") })).toBeTruthy();
      expect(localStorage.getItem(storageKeys.token)).toBeNull();
      const input = await screen.findByLabelText(h.t("login.secondFactorCode"));
      await waitFor(() => expect(document.activeElement).toBe(input));
      return expectProblems(h, s.context.fieldErrors, s.context.failure);
    }
    if (s.matches("verifying")) return expectBusy(h.t("login.secondFactorSubmit"));
    const ending = s.context.ending;
    if (ending?.outcome === "signedIn") {
      await waitFor(() => expect(h.location()).toBe("/console/index"));
      expect(localStorage.getItem(storageKeys.token)).toBe(ending.result.accessToken);
      await waitFor(() => expect(screen.getByTestId("account-email").textContent).toBe(profile.email));
      return;
    }
    expect(await screen.findByRole("heading", { name: h.t("login.title") })).toBeTruthy();
    expect(screen.queryByLabelText(h.t("login.secondFactorCode"))).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    // Throttled: the form offers a code mailed to the account.
    if (ending?.outcome === "throttled") {
      expect(await screen.findByLabelText(h.t("fields.code"))).toBeTruthy();
      expect(screen.getByText(h.t("login.mailCodeHint"))).toBeTruthy();
    } else expect(screen.queryByLabelText(h.t("fields.code"))).toBeNull();
    if (ending && "failure" in ending) await expectSaidOnce(h, ending.failure, { fieldErrors: {} });
  },
  stop: (h) => h.cleanup(),
});
