// @vitest-environment happy-dom
import { expect } from "vitest";
import type { ControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { changePasswordModel } from "../models/change-password.model.ts";
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

const texts = (h: H): FormDialogTexts => ({ title: h.t("password.title"), submit: h.t("password.submit") });

runModel(changePasswordModel, {
  start: () => renderSignedIn({ submit: "user.updatePassword" }),
  fakeApi: (h) => h.fake,
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
    await expectNoDialog();
    const changed = h.fake.calls.some((c) => c.method === "user.updatePassword");
    if (changed && !s.context.failure) expect(h.notifications).toContain(h.t("password.changed"));
  },
  stop: (h) => h.cleanup(),
});
