// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { CallbackAttempt, CallbackListRequest } from "../../contracts/schemas/callbacks.ts";
import {
  type CallbackSearch,
  isFilteredCallbackSearch,
  toCallbackListRequest,
} from "../../machines/callbacks/callback-list.ts";
import { pageCountOf, pagingRequest } from "../../machines/lists/keyset-paging.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleApp } from "../models/app-edit.model.ts";
import { testAnswer } from "../models/callback-fixtures.ts";
import { callbackListModel } from "../models/callback-list.model.ts";
import { callbackRow, type CallbacksHarness, expectNoDialog, latencyText, renderCallbacks } from "./callback-pages.ts";
import { expectBusy, expectProblems, fill, replaceText } from "./form-steps.ts";

type H = CallbacksHarness;

const form = (h: H) => screen.getByRole("form", { name: h.t("callbacks.search.label") });
const listRegion = (h: H) => screen.getByRole("region", { name: h.t("callbacks.tableLabel") });
const lastListRequest = (h: H) =>
  h.fake.calls.filter((c) => c.method === "callbacks.list").at(-1)?.args[0] as CallbackListRequest | undefined;
/** The page the screen showed at its last check: Next or Previous leads to the page asked for. */
let shownPage = 1;
const pendingLists = (h: H) => h.fake.calls.filter((c) => c.method === "callbacks.list").length;

async function fillSearch(h: H, search: CallbackSearch) {
  const scope = within(form(h));
  const select = scope.queryByLabelText(h.t("callbacks.search.application"));
  if (select) await h.user.selectOptions(select, search.appCode);
  else await fill(h, h.t("callbacks.search.appCode"), search.appCode);
  await h.user.selectOptions(scope.getByLabelText(h.t("callbacks.search.eventType")), search.eventType);
  await h.user.selectOptions(scope.getByLabelText(h.t("callbacks.search.result")), search.result);
  // A date-time field takes its value as the browser's picker would set it.
  fireEvent.change(scope.getByLabelText(h.t("callbacks.search.startTime")), { target: { value: search.startTime } });
  fireEvent.change(scope.getByLabelText(h.t("callbacks.search.endTime")), { target: { value: search.endTime } });
  await replaceText(h, scope.getByLabelText(h.t("callbacks.search.billNo")), search.billNo);
}

/** The list is being asked for: Search shows a spinner. */
const listLoading = (h: H) =>
  within(form(h))
    .getByRole("button", { name: h.t("callbacks.search.submit") })
    .classList.contains("bp6-loading");

/** A test event sent and answered at once: the list is asked for again (`callbacks.reload`). */
async function sendTestEvent(h: H, loading: boolean) {
  const before = pendingLists(h);
  await h.user.click(screen.getByRole("button", { name: h.t("callbacks.test.open") }));
  const dialog = await screen.findByRole("dialog", { name: h.t("callbacks.test.title") });
  const select = within(dialog).queryByLabelText(h.t("callbacks.test.application"));
  if (select) await h.user.selectOptions(select, sampleApp.appCode);
  else await replaceText(h, within(dialog).getByLabelText(h.t("callbacks.search.appCode")), sampleApp.appCode);
  await h.user.click(within(dialog).getByRole("button", { name: h.t("callbacks.test.send") }));
  await within(dialog).findByTestId("test-answer");
  await waitFor(() => expect(pendingLists(h)).toBe(before + 1));
  // The answer under way when the list was asked again is left unheard: its actor is gone.
  if (loading)
    await h.fake.settle("callbacks.list", {
      output: { items: [], pageSize: 10, nextCursor: null, previousCursor: null, total: 0, totalCapped: false },
    });
  const closes = within(dialog).getAllByRole("button", { name: h.t("callbacks.test.close") });
  await h.user.click(closes.at(-1) as HTMLElement);
  await expectNoDialog();
}

runModel(callbackListModel, {
  async start(path) {
    const billNo = path.input?.billNo;
    shownPage = 1;
    return renderCallbacks(
      { loadCallbacks: "callbacks.list" },
      { "callbacks.test": async () => testAnswer },
      billNo ? `?billNo=${billNo}` : "",
    );
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "callbacks.search":
        await fillSearch(h, e);
        return h.user.click(within(form(h)).getByRole("button", { name: h.t("callbacks.search.submit") }));
      case "callbacks.reset":
        return h.user.click(within(form(h)).getByRole("button", { name: h.t("callbacks.search.reset") }));
      case "callbacks.retry":
        return h.user.click(
          within(screen.getByTestId("callbacks-failed")).getByRole("button", { name: h.t("callbacks.retry") }),
        );
      case "callbacks.reload":
        return sendTestEvent(h, listLoading(h));
      case "callbacks.page": {
        const forward = e.page > shownPage;
        return h.user.click(
          screen.getByRole("button", {
            name: h.t(forward ? "callbacks.pagination.next" : "callbacks.pagination.previous"),
          }),
        );
      }
      case "callbacks.pageSize":
        return h.user.selectOptions(screen.getByLabelText(h.t("callbacks.pagination.pageSize")), String(e.pageSize));
      case "attempt.details":
        return h.user.click(
          within(callbackRow(e.attemptId)).getByRole("button", { name: h.t("callbacks.actions.details") }),
        );
      case "details.close": {
        const closes = within(screen.getByRole("dialog")).getAllByRole("button", {
          name: h.t("callbacks.details.close"),
        });
        return h.user.click(closes.at(-1) as HTMLElement);
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    shownPage = context.paging.page;
    if (!s.matches("details")) await expectNoDialog();
    // Unless it shows problems, the form holds the search shown (the bill of the link too).
    if (Object.keys(context.fieldErrors).length === 0)
      expect((within(form(h)).getByLabelText(h.t("callbacks.search.billNo")) as HTMLInputElement).value).toBe(
        context.search.billNo,
      );

    if (s.matches("loading")) {
      await waitFor(() =>
        expect(lastListRequest(h)).toEqual(toCallbackListRequest(context.search, pagingRequest(context.paging))),
      );
      await expectBusy(h.t("callbacks.search.submit"));
      if (!context.loaded)
        await waitFor(() => expect(screen.getByTestId("callbacks-loading").textContent).toBe(h.t("callbacks.loading")));
      else if (context.items.length > 0)
        await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBe("true"));
      else await waitFor(() => expect(screen.getByTestId("callbacks-empty").getAttribute("aria-busy")).toBe("true"));
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches("failed")) {
      await waitFor(() =>
        expect(screen.getByTestId("callbacks-failed").textContent).toContain(h.t("callbacks.loadFailed")),
      );
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches("ready")) {
      await expectProblems(h, context.fieldErrors, null);
      const scope = within(form(h));
      expect(Boolean(scope.queryByLabelText(h.t("callbacks.search.application")))).toBe(context.apps !== null);
      if (context.items.length === 0) {
        const empty = await screen.findByTestId("callbacks-empty");
        await waitFor(() => expect(empty.getAttribute("aria-busy")).toBeNull());
        if (isFilteredCallbackSearch(context.search)) expect(empty.textContent).toBe(h.t("callbacks.emptyFiltered"));
        else {
          expect(empty.textContent).toContain(h.t("callbacks.empty"));
          expect(empty.textContent).toContain(h.t("callbacks.emptyHint"));
          expect(
            within(empty)
              .getByRole("link", { name: h.t("callbacks.toApps") })
              .getAttribute("href"),
          ).toBe("/app/list");
        }
        return;
      }
      await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBeNull());
      const rows = within(screen.getByTestId("callbacks-table")).getAllByRole("row").slice(1);
      expect(rows.map((r) => r.getAttribute("data-testid"))).toEqual(
        context.items.map((a) => `callback-row-${a.attemptId}`),
      );
      for (const attempt of context.items) expectRow(h, attempt);
      const { paging } = context;
      const pageCount = pageCountOf(paging.total, paging.pageSize);
      expect(screen.getByTestId("callbacks-summary").textContent).toBe(
        h.t("callbacks.pagination.summary", { count: paging.total, page: paging.page, pageCount }),
      );
      expect(
        (screen.getByRole("button", { name: h.t("callbacks.pagination.next") }) as HTMLButtonElement).disabled,
      ).toBe(paging.nextCursor === null);
      expect(
        (screen.getByRole("button", { name: h.t("callbacks.pagination.previous") }) as HTMLButtonElement).disabled,
      ).toBe(paging.previousCursor === null);
      return;
    }
    // details: every field, the bodies whole with copy buttons.
    const attempt = context.detail as CallbackAttempt;
    const dialog = await screen.findByRole("dialog", {
      name: h.t("callbacks.details.title", { attemptNo: attempt.attemptNo }),
    });
    const facts = within(dialog).getByTestId("callback-facts").textContent ?? "";
    for (const expected of [
      attempt.eventId,
      `${attempt.appName} (${attempt.appCode})`,
      attempt.url,
      h.t(`callbacks.result.${attempt.result}`),
      h.t(`callbacks.delivery.${attempt.deliveryStatus}`),
      latencyText(h, attempt.latencyMs),
      attempt.responseStatus === null ? (attempt.error ?? "") : String(attempt.responseStatus),
    ])
      expect(facts).toContain(expected);
    expect(within(dialog).getByTestId("callback-request-body").textContent).toBe(attempt.requestBody);
    if (attempt.responseBody)
      expect(within(dialog).getByTestId("callback-response-body").textContent).toBe(attempt.responseBody);
    for (const label of ["callbacks.details.copyEventId", "callbacks.details.copyRequest"])
      expect(within(dialog).getByRole("button", { name: h.t(label) })).toBeTruthy();
  },
  stop: (h) => h.cleanup(),
});

function expectRow(h: H, attempt: CallbackAttempt) {
  const cells = within(callbackRow(attempt.attemptId));
  expect(cells.getByText(h.t(`callbacks.result.${attempt.result}`))).toBeTruthy();
  expect(cells.getByText(h.t(`callbacks.delivery.${attempt.deliveryStatus}`))).toBeTruthy();
  expect(cells.getByText(h.t(`callbacks.eventType.${attempt.eventType}`))).toBeTruthy();
  expect(cells.getByText(attempt.appName)).toBeTruthy();
  expect(cells.getByTitle(attempt.url)).toBeTruthy();
  expect(cells.getByTitle(attempt.requestBody)).toBeTruthy();
  expect(cells.getByText(`#${attempt.attemptNo}`)).toBeTruthy();
  expect(cells.getByText(latencyText(h, attempt.latencyMs))).toBeTruthy();
  expect(
    cells.getByText(attempt.responseStatus === null ? h.t("callbacks.noAnswer") : String(attempt.responseStatus)),
  ).toBeTruthy();
  expect((cells.getByRole("button", { name: h.t("callbacks.actions.redeliver") }) as HTMLButtonElement).disabled).toBe(
    false,
  );
}
