// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleAttempts } from "../models/callback-fixtures.ts";
import { callbackTestModel } from "../models/callback-test.model.ts";
import { type CallbacksHarness, expectAnswer, expectNoDialog, listCalls, renderCallbacks } from "./callback-pages.ts";
import { expectBusy, expectProblems } from "./form-steps.ts";

/** `listsAtSend`: how often the list was asked for when Send was last pressed. */
type H = CallbacksHarness & { listsAtSend: number };

const dialog = (h: H) => screen.getByRole("dialog", { name: h.t("callbacks.test.title") });

runModel(callbackTestModel, {
  async start() {
    const h = await renderCallbacks({ sendTest: "callbacks.test" });
    await screen.findByTestId(`callback-row-${sampleAttempts[0]?.attemptId}`);
    return Object.assign(h, { listsAtSend: listCalls(h) });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "dialog.open":
        return h.user.click(screen.getByRole("button", { name: h.t("callbacks.test.open") }));
      case "dialog.close": {
        const shown = dialog(h);
        const answered = within(shown).queryByTestId("test-answer");
        const buttons = within(shown).getAllByRole("button", {
          name: answered ? h.t("callbacks.test.close") : h.t("common.cancel"),
        });
        return h.user.click(buttons.at(-1) as HTMLElement);
      }
      case "test.again":
        return h.user.click(within(dialog(h)).getByRole("button", { name: h.t("callbacks.test.again") }));
      case "test.send": {
        const shown = within(dialog(h));
        await h.user.selectOptions(shown.getByLabelText(h.t("callbacks.test.application")), e.appCode);
        await h.user.click(shown.getByLabelText(h.t(`callbacks.target.${e.target}`)));
        h.listsAtSend = listCalls(h);
        return h.user.click(shown.getByRole("button", { name: h.t("callbacks.test.send") }));
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("closed")) {
      await expectNoDialog();
      return;
    }
    const shown = await screen.findByRole("dialog", { name: h.t("callbacks.test.title") });
    if (s.matches("editing")) {
      expect(within(shown).getByText(h.t("callbacks.test.explain"))).toBeTruthy();
      await expectProblems(h, s.context.fieldErrors, s.context.failure);
      return;
    }
    const asked = h.fake.calls.filter((c) => c.method === "callbacks.test").at(-1)?.args[0];
    expect(asked).toEqual({ appCode: sampleAttempts[0]?.appCode, target: "withdraw" });
    if (s.matches("sending")) {
      await expectBusy(h.t("callbacks.test.send"));
      expect((within(shown).getByRole("button", { name: h.t("common.cancel") }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      return;
    }
    await expectAnswer(h, "test-answer", s.context.answer as CallbackAttempt);
    // The answer replaced the form and its Send button: Close has the focus (Escape still closes the dialog).
    const closes = within(shown).getAllByRole("button", { name: h.t("callbacks.test.close") });
    await waitFor(() => expect(document.activeElement).toBe(closes.at(-1)));
    // The list is asked for again once per answer: the test attempt joins it.
    await waitFor(() => expect(listCalls(h)).toBeGreaterThanOrEqual(h.listsAtSend + 1));
  },
  stop: (h) => h.cleanup(),
});
