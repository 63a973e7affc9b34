// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { AppListRequest } from "../../contracts/schemas/apps.ts";
import { toAppListRequest } from "../../machines/apps/app-list.ts";
import { pageCountOf, pagingRequest } from "../../machines/lists/keyset-paging.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleApp } from "../models/app-edit.model.ts";
import { appListModel } from "../models/app-list.model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { subscription } from "../models/order-fixtures.ts";
import { expectBusy, expectNotRepeated, expectProblems, pageWords, replaceText } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

type H = ConsoleHarness & {
  fake: ControlledApi;
  /** The page the screen showed at its last check: Next or Previous leads to the page asked for. */
  shownPage: number;
};

const search = () => screen.getByRole("form", { name: "Search applications" });
const lastListRequest = (h: H) =>
  h.fake.calls.filter((c) => c.method === "apps.list").at(-1)?.args[0] as AppListRequest | undefined;

async function fillIn(h: H, scope: HTMLElement, label: string, value: string) {
  await replaceText(h, within(scope).getByLabelText(label), value);
}

runModel(appListModel, {
  async start() {
    const fake = createControlledApi(
      { loadApps: "apps.list", setStatus: "apps.setStatus" },
      {
        ...signedInAnswers,
        "orders.subscription": async () => subscription,
        "apps.add": async (body) => ({ ...sampleApp, ...body, remark: body.remark ?? "" }),
        // The edit dialog (appEdit, walked by its own model) answered at once: the list only hears what it saved.
        "auth.checkCode": async () => ({ valid: true, proof: "proof-1", proofExpiresInSeconds: 300 }),
        "apps.edit": async ({ proof: _, ...body }) => ({
          ...sampleApp,
          ...body,
          status: "normal",
          remark: body.remark ?? "",
        }),
      },
    );
    const h = await renderConsole({
      url: "/app/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    await screen.findByRole("heading", { name: h.t("apps.title"), level: 1 });
    return Object.assign(h, { fake, shownPage: 1 });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "apps.search":
        await h.user.selectOptions(within(search()).getByLabelText(h.t("apps.columns.status")), e.status);
        await fillIn(h, search(), h.t("apps.columns.name"), e.name);
        return h.user.click(within(search()).getByRole("button", { name: h.t("apps.search.submit") }));
      case "apps.retry":
        return h.user.click(within(screen.getByTestId("apps-failed")).getByRole("button", { name: h.t("apps.retry") }));
      case "apps.page":
        return h.user.click(
          screen.getByRole("button", {
            name: h.t(e.page > h.shownPage ? "apps.pagination.next" : "apps.pagination.previous"),
          }),
        );
      case "apps.reload": {
        await h.user.click(screen.getByRole("button", { name: h.t("apps.add") }));
        const dialog = await screen.findByRole("dialog");
        await fillIn(h, dialog, h.t("apps.columns.name"), "New shop");
        await fillIn(h, dialog, h.t("apps.columns.address"), "https://new.example.com");
        await fillIn(h, dialog, h.t("apps.columns.rechargeCallbackUrl"), "https://new.example.com/r");
        await fillIn(h, dialog, h.t("apps.columns.withdrawCallbackUrl"), "https://new.example.com/w");
        return h.user.click(within(dialog).getByRole("button", { name: h.t("apps.addSubmit") }));
      }
      case "app.changed": {
        const row = screen.getByTestId(`app-row-${e.app.appCode}`);
        await h.user.click(within(row).getByRole("button", { name: h.t("apps.actions.edit") }));
        const dialog = await screen.findByRole("dialog");
        await fillIn(h, dialog, h.t("fields.code"), "123456");
        await h.user.click(within(dialog).getByRole("button", { name: h.t("apps.verify.submit") }));
        await fillIn(h, await screen.findByRole("dialog"), h.t("apps.columns.name"), e.app.name);
        await h.user.click(within(screen.getByRole("dialog")).getByRole("button", { name: h.t("common.save") }));
        return waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      }
      case "app.setStatus": {
        const row = screen.getByTestId(`app-row-${e.appCode}`);
        const name = h.t(e.status === "stopped" ? "apps.actions.stop" : "apps.actions.start");
        return h.user.click(within(row).getByRole("button", { name }));
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    h.shownPage = context.paging.page;
    await expectProblems(h, context.fieldErrors, null);
    if (s.matches("loading")) {
      await waitFor(() =>
        expect(lastListRequest(h)).toEqual(toAppListRequest(context.search, pagingRequest(context.paging))),
      );
      return expectBusy(h.t("apps.search.submit"));
    }
    if (s.matches("failed")) {
      await waitFor(() => expect(screen.getByTestId("apps-failed").textContent).toContain(h.t("apps.loadFailed")));
      return;
    }
    if (s.matches("switching")) {
      const first = context.items[0];
      const row = screen.getByTestId(`app-row-${first?.appCode}`);
      const name = h.t(first?.status === "normal" ? "apps.actions.stop" : "apps.actions.start");
      await waitFor(() => {
        const button = within(row).getByRole("button", { name }) as HTMLButtonElement;
        expect(button.classList.contains("bp6-loading")).toBe(true);
        expect(button.disabled).toBe(true);
      });
      return;
    }
    // ready
    if (h.fake.calls.some((c) => c.method === "apps.add")) expect(h.notifications).toContain(h.t("apps.created"));
    if (context.items.length === 0) {
      const filtered = context.search.status !== "" || context.search.name !== "";
      await waitFor(() =>
        expect(screen.getByTestId("apps-empty").textContent).toBe(h.t(filtered ? "apps.emptyFiltered" : "apps.empty")),
      );
      return;
    }
    await waitFor(() => {
      const rows = within(screen.getByTestId("apps-table")).getAllByRole("row").slice(1);
      expect(rows.map((r) => r.getAttribute("data-testid"))).toEqual(context.items.map((a) => `app-row-${a.appCode}`));
    });
    for (const app of context.items) {
      const row = within(screen.getByTestId(`app-row-${app.appCode}`));
      await waitFor(() => expect(row.getByText(h.t(`apps.status.${app.status}`))).toBeTruthy());
      expect(row.getByText(app.name)).toBeTruthy();
    }
    if (context.switchFailure) {
      await waitFor(() =>
        expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(pageWords(h, context.switchFailure)),
      );
      expectNotRepeated(h, context.switchFailure);
    }
    const { paging } = context;
    const pageCount = pageCountOf(paging.total, paging.pageSize);
    if (pageCount > 1) {
      expect(screen.getByTestId("apps-summary").textContent).toBe(
        h.t("apps.pagination.summary", { count: paging.total, page: paging.page, pageCount }),
      );
      expect((screen.getByRole("button", { name: h.t("apps.pagination.next") }) as HTMLButtonElement).disabled).toBe(
        paging.nextCursor === null,
      );
    }
  },
  stop: (h) => h.cleanup(),
});
