// @vitest-environment happy-dom
import { act, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import type { ModelSnapshot } from "../framework/model.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { codeSenderModel } from "../models/code-sender.model.ts";
import { expectBusy, expectProblems, fill } from "./form-steps.ts";

/**
 * `step`: the calls and notices when the step began; `cooldownFrom`: the notices when the cooldown began, its toast
 * read from there; `previous`: the last step's state. What a send causes is read from it, not since the console started.
 */
type H = ConsoleHarness & {
  fake: ControlledApi;
  step: { calls: number; notifications: number };
  cooldownFrom: number;
  previous: ModelSnapshot<typeof codeSenderModel.machine> | null;
};

/** The code button's current label, whatever it reads. */
const codeButton = () => screen.getByRole("button", { name: /send code|resend/i });

runModel(codeSenderModel, {
  async start() {
    const fake = createControlledApi(["auth.sendCode"]);
    const h = await renderConsole({ url: "/register", api: fake.api });
    await screen.findByRole("heading", { name: h.t("register.title") });
    return Object.assign(h, { fake, step: { calls: 0, notifications: 0 }, cooldownFrom: 0, previous: null });
  },
  // Each step marked as it begins.
  fakeApi: (h: H) => ({
    ...h.fake,
    answerActorResult(event) {
      h.step = { calls: h.fake.calls.length, notifications: h.notifications.length };
      return h.fake.answerActorResult(event);
    },
  }),
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
    if (s.matches("cooldown") && !h.previous?.matches("cooldown")) h.cooldownFrom = h.step.notifications;
    h.previous = s;
    if (s.matches("sending")) {
      await expectBusy("");
      // The press that entered sending sent the code.
      const sent = h.fake.calls.slice(h.step.calls).filter((c) => c.method === "auth.sendCode");
      expect(sent).toHaveLength(1);
      expect(sent[0]?.args[0]).toEqual({
        email: s.context.email,
        type: "register",
      });
      return;
    }
    if (s.matches("cooldown")) {
      await waitFor(() => expect(codeButton().textContent).toBe(h.t("code.resendIn", { seconds: s.context.cooldown })));
      expect((codeButton() as HTMLButtonElement).disabled).toBe(true);
      // Counting down after a send says it was sent; after a too-soon refusal (2004), why it waits.
      if (s.context.failure) await expectProblems(h, s.context.fieldErrors, s.context.failure);
      else expect(h.notifications.slice(h.cooldownFrom)).toContain(h.t("code.sent", { email: s.context.email }));
      return;
    }
    await waitFor(() => expect(codeButton().textContent).toBe(h.t(s.context.sentOnce ? "code.resend" : "code.send")));
    expect((codeButton() as HTMLButtonElement).disabled).toBe(false);
    await expectProblems(h, s.context.fieldErrors, s.context.failure);
  },
  stop: (h) => h.cleanup(),
});
