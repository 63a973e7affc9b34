// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import type { createControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { nicknameEditModel } from "../models/nickname-edit.model.ts";
import { chooseAccountEntry, dialogTitled, expectNoDialog } from "./account-dialogs.ts";
import { expectBusy, expectProblems, fill } from "./form-steps.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ReturnType<typeof createControlledApi> };

runModel(nicknameEditModel, {
  start: () => renderSignedIn(["updateProfile"]),
  async perform(h: H, event) {
    const e = event as { type: string; nickName: string; output?: unknown; error?: { errCode: string; errMsg: string } };
    switch (e.type) {
      case "dialog.open":
        return chooseAccountEntry(h, h.t("navbar.editProfile"));
      case "dialog.close":
        return h.user.click(within(await dialogTitled(h.t("profile.editTitle"))).getByRole("button", { name: h.t("common.cancel") }));
      case "nickname.submit": {
        await fill(h, h.t("fields.nickName"), e.nickName);
        const dialog = await dialogTitled(h.t("profile.editTitle"));
        return h.user.click(within(dialog).getByRole("button", { name: h.t("common.save") }));
      }
      case "xstate.done.actor.saveProfile":
        return h.fake.settle("updateProfile", { output: e.output });
      case "xstate.error.actor.saveProfile":
        return h.fake.settle("updateProfile", { error: e.error as { errCode: string; errMsg: string } });
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.matches("closed")) {
      await expectNoDialog();
      const saved = h.fake.calls.some((c) => c.method === "updateProfile");
      if (saved && !s.context.failure) {
        expect(h.notifications).toContain(h.t("profile.nicknameChanged"));
        await waitFor(() => expect(screen.getByTestId("account-nickname").textContent).toBe("Shop One"));
        expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? "{}").nickName).toBe("Shop One");
      }
      return;
    }
    if (s.matches("saving")) return expectBusy(h.t("common.save"));
    await dialogTitled(h.t("profile.editTitle"));
    await expectProblems(h, s.context.fieldErrors, s.context.failure);
  },
  stop: (h) => h.cleanup(),
});
