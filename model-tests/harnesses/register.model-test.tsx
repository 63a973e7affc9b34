// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { registerModel } from "../models/register.model.ts";
import { expectBusy, expectLocation, expectProblems, fill, press } from "./form-steps.ts";

type H = ConsoleHarness & { fake: ControlledApi };

runModel(registerModel, {
  async start() {
    const fake = createControlledApi(["auth.register"]);
    const h = await renderConsole({ url: "/register", api: fake.api });
    await screen.findByRole("heading", { name: h.t("register.title") });
    return Object.assign(h, { fake });
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "register.submit":
        await fill(h, h.t("fields.email"), e.email);
        await fill(h, h.t("fields.code"), e.code);
        await fill(h, h.t("fields.password"), e.password);
        await fill(h, h.t("fields.repeatPassword"), e.repeatPassword);
        return press(h, h.t("register.submit"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("editing")) {
      expect(h.location()).toBe("/register");
      return expectProblems(h, s.context.fieldErrors, s.context.failure);
    }
    if (s.matches("submitting")) {
      await expectBusy(h.t("register.submit"));
      const call = h.fake.calls.filter((c) => c.method === "auth.register").at(-1);
      expect(call?.args[0]).toMatchObject({ email: expect.any(String), code: expect.any(String) });
      return;
    }
    await expectLocation(h, "/login");
    await waitFor(() =>
      expect((screen.getByLabelText(h.t("fields.email")) as HTMLInputElement).value).toBe(s.context.email),
    );
    expect(h.notifications).toContain(h.t("register.success"));
  },
  stop: (h) => h.cleanup(),
});
