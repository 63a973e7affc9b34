// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { appAddModel } from "../models/app-add.model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { subscription } from "../models/order-fixtures.ts";
import { expectNoDialog, expectOpenFormDialog, type FormDialogTexts } from "./account-dialogs.ts";
import { replaceText } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";

type H = ConsoleHarness & { fake: ControlledApi };

const texts = (h: H): FormDialogTexts => ({ title: h.t("apps.addTitle"), submit: h.t("apps.addSubmit") });

async function fillIn(h: H, label: string, value: string) {
  await replaceText(h, within(screen.getByRole("dialog")).getByLabelText(label), value);
}

runModel(appAddModel, {
  async start() {
    const fake = createControlledApi(
      { submit: "apps.add" },
      {
        ...signedInAnswers,
        "orders.subscription": async () => subscription,
        "apps.list": async () => ({ items: [], ...fakeKeysetPaging(1, 10, 0) }),
      },
    );
    const h = await renderConsole({
      url: "/app/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    await screen.findByRole("heading", { name: h.t("apps.title"), level: 1 });
    return Object.assign(h, { fake });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "dialog.open":
        return h.user.click(screen.getByRole("button", { name: h.t("apps.add") }));
      case "dialog.close":
        return h.user.click(within(screen.getByRole("dialog")).getByRole("button", { name: h.t("common.cancel") }));
      case "app.add":
        await fillIn(h, h.t("apps.columns.name"), e.name);
        await fillIn(h, h.t("apps.columns.address"), e.address);
        await fillIn(h, h.t("apps.columns.rechargeCallbackUrl"), e.rechargeCallbackUrl);
        await fillIn(h, h.t("apps.columns.withdrawCallbackUrl"), e.withdrawCallbackUrl);
        return h.user.click(within(screen.getByRole("dialog")).getByRole("button", { name: h.t("apps.addSubmit") }));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.hasTag("open")) {
      await expectOpenFormDialog(h, s, texts(h));
      if (s.context.failure?.errCode === errCodes.appLimitReached)
        expect(within(screen.getByRole("dialog")).getByRole("link", { name: h.t("apps.seePackages") })).toBeTruthy();
      return;
    }
    await expectNoDialog();
    // The list is asked for again once each application is created (and once when the page opened).
    const created = h.notifications.filter((notice) => notice === h.t("apps.created")).length;
    await waitFor(() =>
      expect(h.fake.calls.filter((c) => c.method === "apps.list").length).toBeGreaterThanOrEqual(1 + created),
    );
  },
  stop: (h) => h.cleanup(),
});
