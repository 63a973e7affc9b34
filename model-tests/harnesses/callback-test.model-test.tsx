// @vitest-environment happy-dom
import { waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { runModel } from "../framework/run-model.ts";
import { sampleAttempts } from "../models/callback-fixtures.ts";
import { callbackTestModel } from "../models/callback-test.model.ts";
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
import { expectAnswer, listCalls } from "./callback-pages.ts";

const testDialog: FormDialog = {
  open: "callbacks.test.open",
  title: "callbacks.test.title",
  explain: "callbacks.test.explain",
  submit: "callbacks.test.send",
  close: "callbacks.test.close",
  outcome: "test-answer",
  method: "callbacks.test",
};

runModel(callbackTestModel, {
  start: () => renderFormDialogPage({ sendTest: "callbacks.test" }),
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "test.again":
        return h.user.click(
          within(formDialog(h, testDialog)).getByRole("button", { name: h.t("callbacks.test.again") }),
        );
      case "test.send": {
        const shown = within(formDialog(h, testDialog));
        await h.user.selectOptions(shown.getByLabelText(h.t("callbacks.test.application")), e.appCode);
        await h.user.click(shown.getByLabelText(h.t(`callbacks.target.${e.target}`)));
        return sendFormDialog(h, testDialog);
      }
      default:
        return openOrCloseFormDialog(h, testDialog, e);
    }
  },
  async expectScreen(h: H, s) {
    const asked = { appCode: sampleAttempts[0]?.appCode, target: "withdraw" };
    const shown = await expectFormDialog(h, testDialog, s, asked);
    if (!shown) return;
    await expectAnswer(h, "test-answer", s.context.answer as CallbackAttempt);
    await expectCloseFocused(h, testDialog, shown);
    // The list is asked for again once per answer: the test attempt joins it.
    await waitFor(() => expect(listCalls(h)).toBeGreaterThanOrEqual(h.listsAtSend + 1));
  },
  stop: (h) => h.cleanup(),
});
