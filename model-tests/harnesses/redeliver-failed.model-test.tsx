// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { toRedeliverFailedRequest } from "../../machines/callbacks/callback-redeliver-failed.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleAttempts } from "../models/callback-fixtures.ts";
import { redeliverFailedForm, redeliverFailedModel } from "../models/redeliver-failed.model.ts";
import { type CallbacksHarness, expectNoDialog, listCalls, renderCallbacks } from "./callback-pages.ts";
import { expectBusy, expectProblems } from "./form-steps.ts";

/** `listsAtSend`: how often the list was asked for when the redelivery was last sent. */
type H = CallbacksHarness & { listsAtSend: number };

const dialog = (h: H) => screen.getByRole("dialog", { name: h.t("callbacks.redeliverFailed.title") });

runModel(redeliverFailedModel, {
  async start() {
    const h = await renderCallbacks({ redeliverFailed: "callbacks.redeliverFailed" });
    await screen.findByTestId(`callback-row-${sampleAttempts[0]?.attemptId}`);
    return Object.assign(h, { listsAtSend: listCalls(h) });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "dialog.open":
        return h.user.click(screen.getByRole("button", { name: h.t("callbacks.redeliverFailed.open") }));
      case "dialog.close": {
        const shown = dialog(h);
        const done = within(shown).queryByTestId("redeliver-failed-queued");
        const buttons = within(shown).getAllByRole("button", {
          name: done ? h.t("callbacks.redeliverFailed.close") : h.t("common.cancel"),
        });
        return h.user.click(buttons.at(-1) as HTMLElement);
      }
      case "failed.redeliver": {
        const shown = within(dialog(h));
        // A date-time field takes its value as the browser's picker would set it.
        fireEvent.change(shown.getByLabelText(h.t("callbacks.redeliverFailed.since")), { target: { value: e.since } });
        await h.user.selectOptions(shown.getByLabelText(h.t("callbacks.search.application")), e.appCode);
        h.listsAtSend = listCalls(h);
        return h.user.click(shown.getByRole("button", { name: h.t("callbacks.redeliverFailed.submit") }));
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
    const shown = await screen.findByRole("dialog", { name: h.t("callbacks.redeliverFailed.title") });
    if (s.matches("editing")) {
      expect(within(shown).getByText(h.t("callbacks.redeliverFailed.explain"))).toBeTruthy();
      await expectProblems(h, s.context.fieldErrors, s.context.failure);
      return;
    }
    const asked = h.fake.calls.filter((c) => c.method === "callbacks.redeliverFailed").at(-1)?.args[0];
    expect(asked).toEqual(toRedeliverFailedRequest(redeliverFailedForm));
    if (s.matches("sending")) {
      await expectBusy(h.t("callbacks.redeliverFailed.submit"));
      expect((within(shown).getByRole("button", { name: h.t("common.cancel") }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      return;
    }
    await waitFor(() =>
      expect(within(shown).getByTestId("redeliver-failed-queued").textContent).toBe(
        h.t("callbacks.redeliverFailed.queued", { count: s.context.queued ?? 0 }),
      ),
    );
    const closes = within(shown).getAllByRole("button", { name: h.t("callbacks.redeliverFailed.close") });
    await waitFor(() => expect(document.activeElement).toBe(closes.at(-1)));
    await waitFor(() => expect(listCalls(h)).toBe(h.listsAtSend + 1));
  },
  stop: (h) => h.cleanup(),
});
