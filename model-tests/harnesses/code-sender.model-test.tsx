// @vitest-environment happy-dom
import { act, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { codeSenderModel } from "../models/code-sender.model.ts";
import { expectBusy, expectProblems, fill } from "./form-steps.ts";

type H = ConsoleHarness & { fake: ControlledApi };

/** The code button's current label, whatever it reads. */
const codeButton = () => screen.getByRole("button", { name: /send code|resend/i });

runModel(codeSenderModel, {
  async start() {
    const fake = createControlledApi(["auth.sendCode"]);
    const h = await renderConsole({ url: "/register", api: fake.api });
    await screen.findByRole("heading", { name: h.t("register.title") });
    return Object.assign(h, { fake });
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "code.send":
        await fill(h, h.t("fields.email"), e.email);
        return h.user.click(codeButton());
      case "countdown.tick":
        return act(() => h.timers.tick());
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("sending")) {
      await expectBusy("");
      expect(h.fake.calls.filter((c) => c.method === "auth.sendCode").at(-1)?.args[0]).toEqual({
        email: s.context.email,
        type: "register",
      });
      return;
    }
    if (s.matches("cooldown")) {
      await waitFor(() => expect(codeButton().textContent).toBe(h.t("code.resendIn", { seconds: s.context.cooldown })));
      expect((codeButton() as HTMLButtonElement).disabled).toBe(true);
      expect(h.notifications).toContain(h.t("code.sent", { email: s.context.email }));
      return;
    }
    await waitFor(() => expect(codeButton().textContent).toBe(h.t(s.context.sentOnce ? "code.resend" : "code.send")));
    expect((codeButton() as HTMLButtonElement).disabled).toBe(false);
    await expectProblems(h, s.context.fieldErrors, s.context.failure);
  },
  stop: (h) => h.cleanup(),
});
