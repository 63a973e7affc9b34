// @vitest-environment happy-dom
import { runModel, unmapped } from "../framework/run-model.ts";
import { changePasswordModel } from "../models/change-password.model.ts";
import {
  chooseAccountEntry,
  expectClosedAfter,
  expectOpenFormDialog,
  type FormDialogTexts,
  type MarkedHarness,
  markingSteps,
  pressInDialog,
} from "./account-dialogs.ts";
import { fill } from "./form-steps.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = MarkedHarness;

const texts = (h: H): FormDialogTexts => ({ title: h.t("password.title"), submit: h.t("password.submit") });

runModel(changePasswordModel, {
  start: async () => Object.assign(await renderSignedIn({ submit: "user.updatePassword" }), { step: null }),
  fakeApi: markingSteps,
  async perform(h: H, e) {
    switch (e.type) {
      case "dialog.open":
        return chooseAccountEntry(h, h.t("password.title"));
      case "dialog.close":
        return pressInDialog(h, texts(h).title, h.t("common.cancel"));
      case "password.submit":
        await fill(h, h.t("fields.oldPassword"), e.oldPassword);
        await fill(h, h.t("fields.newPassword"), e.password);
        await fill(h, h.t("fields.repeatPassword"), e.repeatPassword);
        await fill(h, h.t("fields.code"), e.code);
        return pressInDialog(h, texts(h).title, texts(h).submit);
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.hasTag("open")) return expectOpenFormDialog(h, s, texts(h));
    // The toast after the server's answer to this dialog's submit, none after Cancel.
    await expectClosedAfter(h, h.t("password.changed"), []);
  },
  stop: (h) => h.cleanup(),
});
