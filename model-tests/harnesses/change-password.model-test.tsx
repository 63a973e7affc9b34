// @vitest-environment jsdom
import { within } from "@testing-library/react";
import { expect } from "vitest";
import type { createControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { changePasswordModel } from "../models/change-password.model.ts";
import { chooseAccountEntry, dialogTitled, expectNoDialog } from "./account-dialogs.ts";
import { expectBusy, expectProblems, fill } from "./form-steps.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ReturnType<typeof createControlledApi> };

runModel(changePasswordModel, {
  start: () => renderSignedIn(["updatePassword"]),
  async perform(h: H, event) {
    const e = event as { type: string; oldPassword: string; password: string; repeatPassword: string; output?: unknown; error?: { errCode: string; errMsg: string } };
    switch (e.type) {
      case "dialog.open":
        return chooseAccountEntry(h, h.t("password.title"));
      case "dialog.close":
        return h.user.click(within(await dialogTitled(h.t("password.title"))).getByRole("button", { name: h.t("common.cancel") }));
      case "password.submit": {
        await fill(h, h.t("fields.oldPassword"), e.oldPassword);
        await fill(h, h.t("fields.newPassword"), e.password);
        await fill(h, h.t("fields.repeatPassword"), e.repeatPassword);
        const dialog = await dialogTitled(h.t("password.title"));
        return h.user.click(within(dialog).getByRole("button", { name: h.t("password.submit") }));
      }
      case "xstate.done.actor.updatePassword":
        return h.fake.settle("updatePassword", { output: e.output });
      case "xstate.error.actor.updatePassword":
        return h.fake.settle("updatePassword", { error: e.error as { errCode: string; errMsg: string } });
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("closed")) {
      await expectNoDialog();
      const changed = h.fake.calls.some((c) => c.method === "updatePassword");
      if (changed && !s.context.failure) expect(h.notifications).toContain(h.t("password.changed"));
      return;
    }
    if (s.matches("submitting")) return expectBusy(h.t("password.submit"));
    await dialogTitled(h.t("password.title"));
    await expectProblems(h, s.context.fieldErrors, s.context.failure);
  },
  stop: (h) => h.cleanup(),
});
