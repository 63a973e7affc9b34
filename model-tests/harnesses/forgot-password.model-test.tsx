// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { forgotPasswordModel } from "../models/forgot-password.model.ts";
import { expectBusy, expectLocation, expectProblems, fill, press } from "./form-steps.ts";

type H = ConsoleHarness & { fake: ControlledApi };

const stepText = (h: H, step: 1 | 2) =>
  `${h.t("forgot.step", { step, total: 2 })} · ${h.t(step === 1 ? "forgot.stepIdentify" : "forgot.stepPassword")}`;

runModel(forgotPasswordModel, {
  async start() {
    const fake = createControlledApi(["auth.checkCode", "auth.resetPassword"]);
    const h = await renderConsole({ url: "/forget", api: fake.api });
    await screen.findByRole("heading", { name: h.t("forgot.title") });
    return Object.assign(h, { fake });
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "code.submit":
        await fill(h, h.t("fields.email"), e.email);
        await fill(h, h.t("fields.code"), e.code);
        return press(h, h.t("forgot.next"));
      case "password.submit":
        await fill(h, h.t("fields.newPassword"), e.password);
        await fill(h, h.t("fields.repeatPassword"), e.repeatPassword);
        return press(h, h.t("forgot.submit"));
      case "step.back":
        return press(h, h.t("forgot.back"));
      case "done.close":
        return press(h, h.t("forgot.goToLogin"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("finished")) {
      await expectLocation(h, "/login");
      return;
    }
    if (s.matches("done")) {
      expect(await screen.findByRole("dialog")).toBeTruthy();
      expect(screen.getByText(h.t("forgot.doneText"))).toBeTruthy();
      return;
    }
    if (s.matches("checkingCode")) return expectBusy(h.t("forgot.next"));
    if (s.matches("resetting")) {
      await expectBusy(h.t("forgot.submit"));
      expect(h.fake.calls.filter((c) => c.method === "auth.resetPassword").at(-1)?.args[0]).toMatchObject({
        email: s.context.email,
        code: s.context.code,
      });
      return;
    }
    await waitFor(() => expect(screen.getByText(stepText(h, s.matches("identify") ? 1 : 2))).toBeTruthy());
    await expectProblems(h, s.context.fieldErrors, s.context.failure);
  },
  stop: (h) => h.cleanup(),
});
