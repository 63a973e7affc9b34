// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { withinRow } from "../framework/row-queries.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleAttempts } from "../models/callback-fixtures.ts";
import { callbackRedeliverModel } from "../models/callback-redeliver.model.ts";
import {
  callbackRow,
  type CallbacksHarness,
  expectAnswer,
  expectNoDialog,
  listCalls,
  renderCallbacks,
} from "./callback-pages.ts";
import { expectSaidOnce } from "./form-steps.ts";

/** `listsAtOpen`: how often the list was asked for when the dialog last opened. */
type H = CallbacksHarness & { listsAtOpen: number };

/** Every row's Redeliver, the dialog standing over them or not. */
const redeliverButtons = (h: H) =>
  sampleAttempts.map(
    (attempt) =>
      withinRow(callbackRow(attempt.attemptId)).getByRole("button", {
        name: h.t("callbacks.actions.redeliver"),
        hidden: true,
      }) as HTMLButtonElement,
  );
const dialog = (h: H) => screen.getByRole("dialog", { name: h.t("callbacks.redeliver.title") });

runModel(callbackRedeliverModel, {
  async start() {
    const h = await renderCallbacks({ redeliver: "callbacks.redeliver" });
    await screen.findByTestId(`callback-row-${sampleAttempts[0]?.attemptId}`);
    return Object.assign(h, { listsAtOpen: listCalls(h) });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "attempt.redeliver":
        h.listsAtOpen = listCalls(h);
        return h.user.click(
          withinRow(callbackRow(e.attemptId)).getByRole("button", { name: h.t("callbacks.actions.redeliver") }),
        );
      case "redeliver.close": {
        const closes = within(dialog(h)).getAllByRole("button", { name: h.t("callbacks.redeliver.close") });
        return h.user.click(closes.at(-1) as HTMLElement);
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("idle")) {
      await expectNoDialog();
      await waitFor(() => expect(redeliverButtons(h).map((b) => b.disabled)).toEqual(sampleAttempts.map(() => false)));
      return;
    }
    const shown = await screen.findByRole("dialog", { name: h.t("callbacks.redeliver.title") });
    // One redelivery at a time: every row's Redeliver is held while the dialog is open.
    await waitFor(() => expect(redeliverButtons(h).every((b) => b.disabled)).toBe(true));
    const asked = h.fake.calls.filter((c) => c.method === "callbacks.redeliver").at(-1)?.args[0];
    expect(asked).toEqual({ attemptId: s.context.attemptId });
    if (s.matches("sending")) {
      await waitFor(() =>
        expect(within(shown).getByTestId("redeliver-sending").textContent).toBe(h.t("callbacks.redeliver.sending")),
      );
      const close = within(shown).getByRole("button", { name: h.t("callbacks.redeliver.close") }) as HTMLButtonElement;
      expect(close.disabled).toBe(true);
      return;
    }
    // Once the answer is in, Close (held while sending) has the focus.
    const closes = within(shown).getAllByRole("button", { name: h.t("callbacks.redeliver.close") });
    await waitFor(() => expect(document.activeElement).toBe(closes.at(-1)));
    if (s.matches("answered")) {
      await expectAnswer(h, "redeliver-answer", s.context.answer as CallbackAttempt);
      // The list is asked for again: the new attempt joins it.
      await waitFor(() => expect(listCalls(h)).toBe(h.listsAtOpen + 1));
      return;
    }
    await within(shown).findByTestId("redeliver-failed");
    await expectSaidOnce(h, s.context.failure as { errCode: string; errMsg: string });
    expect(listCalls(h)).toBe(h.listsAtOpen);
  },
  stop: (h) => h.cleanup(),
});
