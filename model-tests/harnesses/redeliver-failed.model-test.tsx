// @vitest-environment happy-dom
import { fireEvent, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { toRedeliverFailedRequest } from "../../machines/callbacks/callback-redeliver-failed.ts";
import { runModel } from "../framework/run-model.ts";
import { redeliverFailedForm, redeliverFailedModel } from "../models/redeliver-failed.model.ts";
import {
  expectCloseFocused,
  expectFormDialog,
  type FormDialog,
  type FormDialogHarness as H,
  formDialog,
  openOrCloseFormDialog,
  renderFormDialogPage,
  sendFormDialog,
} from "./callback-form-dialog.ts";
import { listCalls } from "./callback-pages.ts";

const redeliverFailedDialog: FormDialog = {
  open: "callbacks.redeliverFailed.open",
  title: "callbacks.redeliverFailed.title",
  explain: "callbacks.redeliverFailed.explain",
  submit: "callbacks.redeliverFailed.submit",
  close: "callbacks.redeliverFailed.close",
  outcome: "redeliver-failed-queued",
  method: "callbacks.redeliverFailed",
};

runModel(redeliverFailedModel, {
  start: () => renderFormDialogPage({ redeliverFailed: "callbacks.redeliverFailed" }),
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "failed.redeliver": {
        const shown = within(formDialog(h, redeliverFailedDialog));
        // A date-time field takes its value as the browser's picker would set it.
        fireEvent.change(shown.getByLabelText(h.t("callbacks.redeliverFailed.since")), { target: { value: e.since } });
        await h.user.selectOptions(shown.getByLabelText(h.t("callbacks.search.application")), e.appCode);
        return sendFormDialog(h, redeliverFailedDialog);
      }
      default:
        return openOrCloseFormDialog(h, redeliverFailedDialog, e);
    }
  },
  async expectScreen(h: H, s) {
    const shown = await expectFormDialog(h, redeliverFailedDialog, s, toRedeliverFailedRequest(redeliverFailedForm));
    if (!shown) return;
    await waitFor(() =>
      expect(within(shown).getByTestId("redeliver-failed-queued").textContent).toBe(
        h.t("callbacks.redeliverFailed.queued", { count: s.context.queued ?? 0 }),
      ),
    );
    await expectCloseFocused(h, redeliverFailedDialog, shown);
    await waitFor(() => expect(listCalls(h)).toBe(h.listsAtSend + 1));
  },
  stop: (h) => h.cleanup(),
});
