// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import type { ControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { nicknameEditModel } from "../models/nickname-edit.model.ts";
import {
  chooseAccountEntry,
  expectNoDialog,
  expectOpenFormDialog,
  type FormDialogTexts,
  pressInDialog,
} from "./account-dialogs.ts";
import { fill } from "./form-steps.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi };

const texts = (h: H): FormDialogTexts => ({ title: h.t("profile.editTitle"), submit: h.t("common.save") });

runModel(nicknameEditModel, {
  start: () => renderSignedIn({ submit: "user.updateProfile" }),
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "dialog.open":
        return chooseAccountEntry(h, h.t("navbar.editProfile"));
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
    await expectNoDialog();
    const saved = h.fake.calls.some((c) => c.method === "user.updateProfile");
    if (saved && !s.context.failure) {
      expect(h.notifications).toContain(h.t("profile.nicknameChanged"));
      await waitFor(() => expect(screen.getByTestId("account-nickname").textContent).toBe("Shop One"));
      expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? "{}").nickName).toBe("Shop One");
    }
  },
  stop: (h) => h.cleanup(),
});
