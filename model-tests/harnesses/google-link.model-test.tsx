// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { profile } from "../models/fixtures.ts";
import { googleLinkModel } from "../models/google-link.model.ts";
import { googleCode, linkChallenge } from "../models/session.model.ts";
import { expectBusy, expectProblems, expectSaidOnce, replaceText } from "./form-steps.ts";
import { googleConfigured } from "./google-configured.ts";
import { signingInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi };

// Sign-in with Google is configured, and Google's library is already "loaded": its popup answers at once.
googleConfigured("model-test.apps.googleusercontent.com");
window.google = {
  accounts: {
    oauth2: {
      initCodeClient: (config) => ({ requestCode: () => config.callback({ code: googleCode, state: config.state }) }),
    },
  },
};

/** The sign-in page's step that links a Google account to the merchant with its e-mail. */
const linkStep = (h: H) => screen.findByRole("region", { name: h.t("googleLink.title") });

runModel(googleLinkModel, {
  async start() {
    const fake = createControlledApi(
      { linkAccount: "auth.googleLink" },
      {
        // Google vouches for an account whose e-mail is the merchant's, not linked yet.
        "auth.googleCode": async () => linkChallenge,
        ...signingInAnswers,
        "user.info": async () => profile,
      },
    );
    const h = Object.assign(await renderConsole({ url: "/login", api: fake.api, storage: {} }), { fake });
    // Google's button is disabled until the library has loaded.
    const button = (await screen.findByRole("button", { name: h.t("google.continue") })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await h.user.click(button);
    return h;
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "google.link": {
        const step = within(await linkStep(h));
        if ("password" in e.proof) {
          await replaceText(h, step.getByLabelText(h.t("fields.password")), e.proof.password);
          return h.user.click(step.getByRole("button", { name: h.t("googleLink.withPassword") }));
        }
        await replaceText(h, step.getByLabelText(h.t("fields.code")), e.proof.code);
        return h.user.click(step.getByRole("button", { name: h.t("googleLink.withCode") }));
      }
      case "google.linkCancel":
        return h.user.click(within(await linkStep(h)).getByRole("button", { name: h.t("common.cancel") }));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("proving") || s.matches("linking")) {
      const step = await linkStep(h);
      expect(step.textContent).toContain(s.context.link.email);
      expect(screen.queryByRole("button", { name: h.t("login.submit") })).toBeNull();
      if (s.matches("linking")) return expectBusy(h.t("googleLink.withPassword"));
      return expectProblems(h, s.context.fieldErrors, s.context.failure);
    }
    await waitFor(() => expect(screen.queryByRole("region", { name: h.t("googleLink.title") })).toBeNull());
    const ending = s.context.ending;
    if (ending?.outcome === "linked" && "secondFactor" in ending.answer) {
      expect(await screen.findByRole("heading", { name: h.t("login.secondFactorTitle") })).toBeTruthy();
      expect(localStorage.getItem(storageKeys.token)).toBeNull();
      return;
    }
    if (ending?.outcome === "linked") {
      await waitFor(() => expect(h.location()).toBe("/console/index"));
      await waitFor(() => expect(screen.getByTestId("account-email").textContent).toBe(profile.email));
      return;
    }
    expect(await screen.findByRole("heading", { name: h.t("login.title") })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    if (ending?.outcome === "expired") await expectSaidOnce(h, ending.failure, { fieldErrors: {} });
  },
  stop: (h) => h.cleanup(),
});
