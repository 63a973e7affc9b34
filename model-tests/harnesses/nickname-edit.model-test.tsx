// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { nicknameEditModel } from "../models/nickname-edit.model.ts";
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

/** `saved`: a nickname the server took (the console shows it from then on). */
type H = MarkedHarness & { saved: boolean };

const texts = (h: H): FormDialogTexts => ({ title: h.t("profile.editTitle"), submit: h.t("common.save") });

runModel(nicknameEditModel, {
  start: async () =>
    Object.assign(await renderSignedIn({ submit: "user.updateProfile" }), { step: null, saved: false }),
  fakeApi: markingSteps,
  async perform(h: H, e) {
    switch (e.type) {
      case "dialog.open":
        // After a save the menu bears the new nickname.
        return chooseAccountEntry(h, h.t("navbar.editProfile"), h.saved ? "Shop One" : undefined);
      case "dialog.close":
        return pressInDialog(h, texts(h).title, h.t("common.cancel"));
      case "nickname.submit":
        await fill(h, h.t("fields.nickName"), e.nickName);
        return pressInDialog(h, texts(h).title, texts(h).submit);
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.hasTag("open")) return expectOpenFormDialog(h, s, texts(h));
    // The toast after the server's answer to this dialog's submit, none after Cancel.
    await expectClosedAfter(h, h.t("profile.nicknameChanged"), []);
    if (h.step?.answered) h.saved = true;
    if (h.saved) {
      await waitFor(() => expect(screen.getByTestId("account-nickname").textContent).toBe("Shop One"));
      expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? "{}").nickName).toBe("Shop One");
    }
  },
  stop: (h) => h.cleanup(),
});
