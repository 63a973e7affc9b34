// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatDateTime } from "../../src/i18n/format.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { withinRow } from "../framework/row-queries.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { appEditModel, editedFields, sampleApp } from "../models/app-edit.model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { subscription } from "../models/order-fixtures.ts";
import { expectBusy, expectProblems, replaceText } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";

type H = ConsoleHarness & {
  fake: ControlledApi;
  /** How many notifications there were when the dialog was last opened: what it said since is its own. */
  openedAt: number;
};

/** The application's name as the list shows it: the edited one once an edit was saved. */
const appName = (h: H) => (h.notifications.includes(h.t("apps.outcome.saved")) ? editedFields.name : sampleApp.name);

const row = () => screen.getByTestId(`app-row-${sampleApp.appCode}`);
/** The open dialog; a check looks it up once after its wait (each lookup searched the page, ~1 s of the file's CPU). */
const dialog = () => screen.getByRole("dialog");
/** Replaces a field's text inside the dialog (the search form beside it has a Name field too). */
async function fillIn(h: H, label: string, value: string) {
  await replaceText(h, within(dialog()).getByLabelText(label), value);
}

const actionLabel = {
  edit: "apps.actions.edit",
  credentials: "apps.actions.credentials",
  rotate: "apps.actions.rotate",
};

runModel(appEditModel, {
  async start() {
    const fake = createControlledApi(
      {
        checkCode: "auth.checkCode",
        editApp: "apps.edit",
        loadCredentials: "apps.credentials",
        rotateSecret: "apps.rotateSecret",
      },
      {
        ...signedInAnswers,
        "orders.subscription": async () => subscription,
        "apps.list": async () => ({ items: [sampleApp], ...fakeKeysetPaging(1, 10, 1) }),
        "auth.sendCode": async () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
      },
    );
    const h = await renderConsole({
      url: "/app/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    await screen.findByRole("heading", { name: h.t("apps.title"), level: 1 });
    await screen.findByTestId(`app-row-${sampleApp.appCode}`);
    return Object.assign(h, { fake, openedAt: 0 });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "app.open":
        h.openedAt = h.notifications.length;
        return h.user.click(withinRow(row()).getByRole("button", { name: h.t(actionLabel[e.action]) }));
      case "dialog.close": {
        const done = within(dialog()).queryByRole("button", { name: h.t("apps.done") });
        return h.user.click(done ?? within(dialog()).getByRole("button", { name: h.t("common.cancel") }));
      }
      case "rotate.grace":
        return h.user.selectOptions(within(dialog()).getByLabelText(h.t("apps.grace.label")), e.graceWindow);
      case "rotate.secret":
        return h.user.selectOptions(within(dialog()).getByLabelText(h.t("apps.rotateWhich.label")), e.secret);
      case "verify.submit":
        await fillIn(h, h.t("fields.code"), e.code);
        if (e.totpCode) await fillIn(h, h.t("apps.verify.totpCode"), e.totpCode);
        return h.user.click(within(dialog()).getByRole("button", { name: h.t("apps.verify.submit") }));
      case "edit.submit":
        await fillIn(h, h.t("apps.columns.name"), e.name);
        await fillIn(h, h.t("apps.columns.address"), e.address);
        await fillIn(h, h.t("apps.columns.withdrawAutoApproveLimit"), e.withdrawAutoApproveLimit);
        await fillIn(h, h.t("apps.columns.remark"), e.remark);
        return h.user.click(within(dialog()).getByRole("button", { name: h.t("common.save") }));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    if (s.matches("closed")) {
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      // Saved ("Edit success"): the list shows the application as the server answered it, without a reload.
      if (h.notifications.includes(h.t("apps.outcome.saved")))
        await waitFor(() => expect(withinRow(row()).getByText(editedFields.name)).toBeTruthy());
      return;
    }
    const name = { name: appName(h) };
    if (s.matches("verify") || s.matches("checking")) {
      const title = h.t(`apps.titles.${context.action}`, name);
      await waitFor(() => expect(within(dialog()).getByRole("heading", { name: title })).toBeTruthy());
      const shown = within(dialog());
      expect(shown.getByLabelText(h.t("fields.code"))).toBeTruthy();
      expect(shown.getByText(h.t("apps.verify.window", { minutes: 10 }))).toBeTruthy();
      expect(Boolean(shown.queryByLabelText(h.t("apps.verify.totpCode")))).toBe(context.needsTotp);
      if (context.action === "rotate") {
        expect((shown.getByLabelText(h.t("apps.grace.label")) as HTMLSelectElement).value).toBe(context.graceWindow);
        expect((shown.getByLabelText(h.t("apps.rotateWhich.label")) as HTMLSelectElement).value).toBe(
          context.rotateSecret,
        );
      } else expect(shown.queryByLabelText(h.t("apps.rotateWhich.label"))).toBeNull();
      if (s.matches("checking")) return expectBusy(h.t("apps.verify.submit"));
      await expectProblems(h, context.fieldErrors, context.failure);
      return;
    }
    if (s.matches("editing") || s.matches("saving")) {
      await waitFor(() =>
        expect(within(dialog()).getByRole("heading", { name: h.t("apps.titles.edit", name) })).toBeTruthy(),
      );
      if (s.matches("saving")) return expectBusy(h.t("common.save"));
      const shown = within(dialog());
      // No code field: the form is the step. It starts from the application as listed, or from the edit typed before
      // a new code was asked for.
      expect(shown.queryByLabelText(h.t("fields.code"))).toBeNull();
      if (Object.keys(context.fieldErrors).length === 0 && !context.failure)
        expect((shown.getByLabelText(h.t("apps.columns.name")) as HTMLInputElement).value).toBe(
          context.draft?.name ?? appName(h),
        );
      await expectProblems(h, context.fieldErrors, context.failure);
      return;
    }
    if (s.matches("loadingCredentials") || s.matches("rotating")) {
      await waitFor(() => expect(within(dialog()).getByRole("status").textContent).toBe(h.t("common.loading")));
      return;
    }
    // credentials
    const credentials = context.credentials;
    if (!credentials) throw new Error("credentials shown without credentials");
    await waitFor(() => expect(within(dialog()).getByTestId("app-key").textContent).toBe(credentials.appKey));
    const shown = within(dialog());
    expect(shown.getByTestId("app-secret").textContent).toBe(credentials.appSecret);
    expect(shown.getByText(h.t("apps.credentials.reminder"))).toBeTruthy();
    expect(shown.getByRole("button", { name: h.t("apps.credentials.copyKey") })).toBeTruthy();
    expect(shown.getByRole("button", { name: h.t("apps.credentials.copySecret") })).toBeTruthy();
    expect(shown.getByTestId("app-webhook-secret").textContent).toBe(credentials.webhookSecret);
    expect(shown.getByText(h.t("apps.credentials.webhookSecret"))).toBeTruthy();
    expect(shown.getByText(h.t("apps.credentials.webhookHint"))).toBeTruthy();
    expect(shown.getByRole("button", { name: h.t("apps.credentials.copyWebhookSecret") })).toBeTruthy();
    // Verified in this opening (a proof), or in an earlier one whose window still holds.
    const said = context.proof === null ? h.notifications : h.notifications.slice(h.openedAt);
    expect(said).toContain(h.t("apps.outcome.verified"));
    // Each secret before a rotation is said with when it stops, and only that secret's.
    const previous = [
      ["app-previous-secret", credentials.previousSecretValidUntil, "apps.credentials.previousUntil"],
      [
        "app-previous-webhook-secret",
        credentials.previousWebhookSecretValidUntil,
        "apps.credentials.previousWebhookUntil",
      ],
    ] as const;
    for (const [testId, until, key] of previous) {
      const line = shown.queryByTestId(testId);
      if (until) expect(line?.textContent).toBe(h.t(key, { time: formatDateTime(until, "en-US") }));
      else expect(line).toBeNull();
    }
    if (context.action === "rotate") {
      expect(h.notifications.slice(h.openedAt)).toContain(h.t("apps.outcome.rotated"));
      const rotations = h.fake.calls.filter((c) => c.method === "apps.rotateSecret");
      expect(rotations.at(-1)?.args[0]).toMatchObject({ secret: context.rotateSecret });
    }
  },
  stop: (h) => h.cleanup(),
});
