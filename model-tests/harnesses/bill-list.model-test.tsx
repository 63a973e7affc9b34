// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { AppBill, BillListRequest } from "../../contracts/schemas/bills.ts";
import { type BillSearch, billPollMs, isFilteredSearch, toBillListRequest } from "../../machines/bills/bill-list.ts";
import { pageCountOf, pagingRequest } from "../../machines/lists/keyset-paging.ts";
import { ApiError } from "../../src/api/api-error.ts";
import type { BillWatchHandlers } from "../../src/api/bill-events.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatDecimal, formatTokenAmount } from "../../src/i18n/format.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleApp } from "../models/app-edit.model.ts";
import { billListModel } from "../models/bill-list.model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { expectBusy, expectProblems, fill } from "./form-steps.ts";
import { timersByInterval } from "./order-pages.ts";
import { signedInAnswers } from "./signed-in.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";

type H = ConsoleHarness & {
  fake: ControlledApi;
  stream: { handlers: BillWatchHandlers | null };
  fire(ms: number): void;
  tickers(ms: number): number;
  /** The page the screen showed at its last check: Next or Previous leads to the page asked for. */
  shownPage: number;
};

const form = (h: H) => screen.getByRole("form", { name: h.t("bills.search.label") });
const row = (billNo: string) => screen.getByTestId(`bill-row-${billNo}`);
const listRegion = (h: H) => screen.getByRole("region", { name: h.t("bills.tableLabel") });
const lastListRequest = (h: H) =>
  h.fake.calls.filter((c) => c.method === "bills.list").at(-1)?.args[0] as BillListRequest | undefined;
const progressText = (h: H, bill: AppBill) =>
  h.t("bills.confirmations", { confirmations: bill.confirmations, required: bill.required });

async function fillSearch(h: H, search: BillSearch) {
  const scope = within(form(h));
  // The applications' select once they have arrived, else the code field.
  const select = scope.queryByLabelText(h.t("bills.search.application"));
  if (select) await h.user.selectOptions(select, search.appCode);
  else await fill(h, h.t("bills.search.appCode"), search.appCode);
  await h.user.selectOptions(scope.getByLabelText(h.t("bills.search.status")), search.status);
  await h.user.selectOptions(scope.getByLabelText(h.t("bills.search.noticeStatus")), search.noticeStatus);
  // A date-time field takes its value as the browser's picker would set it.
  fireEvent.change(scope.getByLabelText(h.t("bills.search.startTime")), { target: { value: search.startTime } });
  fireEvent.change(scope.getByLabelText(h.t("bills.search.endTime")), { target: { value: search.endTime } });
  await fill(h, h.t("bills.search.txHash"), search.txHash);
  await fill(h, h.t("bills.search.address"), search.address);
}

runModel(billListModel, {
  async start() {
    const stream: H["stream"] = { handlers: null };
    const fake = createControlledApi(
      { loadBills: "bills.list" },
      {
        ...signedInAnswers,
        "apps.list": async () => ({ items: [sampleApp], ...fakeKeysetPaging(1, 100, 1) }),
        "bills.watch": (handlers) => {
          stream.handlers = handlers;
          return () => {
            stream.handlers = null;
          };
        },
      },
    );
    const h = await renderConsole({
      url: "/bill/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    const timers = timersByInterval(h.timers);
    await screen.findByRole("heading", { name: h.t("bills.title"), level: 1 });
    await waitFor(() => expect(stream.handlers, "the page follows the bills' stream").not.toBeNull());
    return Object.assign(h, { fake, stream, shownPage: 1 }, timers);
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "bills.search":
        await fillSearch(h, e);
        return h.user.click(within(form(h)).getByRole("button", { name: h.t("bills.search.submit") }));
      case "bills.reset":
        return h.user.click(within(form(h)).getByRole("button", { name: h.t("bills.search.reset") }));
      case "bills.retry":
        return h.user.click(
          within(screen.getByTestId("bills-failed")).getByRole("button", { name: h.t("bills.retry") }),
        );
      case "bills.page": {
        const forward = e.page > h.shownPage;
        return h.user.click(
          screen.getByRole("button", { name: h.t(forward ? "bills.pagination.next" : "bills.pagination.previous") }),
        );
      }
      case "bills.pageSize":
        return h.user.selectOptions(screen.getByLabelText(h.t("bills.pagination.pageSize")), String(e.pageSize));
      case "bill.details":
        return h.user.click(within(row(e.billNo)).getByRole("button", { name: h.t("bills.actions.details") }));
      case "details.close": {
        const closes = within(screen.getByRole("dialog")).getAllByRole("button", { name: h.t("bills.details.close") });
        return h.user.click(closes.at(-1) as HTMLElement);
      }
      case "bill.updated":
        return act(() => h.stream.handlers?.onBill(e.bill));
      case "bills.streamFailed":
        return act(() => h.stream.handlers?.onError(new ApiError("transport", "network", "network error")));
      default:
        if (e.type === "xstate.after.billPoll.billList.feed.polling") return act(() => h.fire(billPollMs));
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    h.shownPage = context.paging.page;
    const polling = s.matches({ feed: "polling" });
    await waitFor(() =>
      expect(screen.getByTestId("bills-feed").textContent).toBe(
        h.t(polling ? "bills.feed.polling" : "bills.feed.live"),
      ),
    );
    // Polling: one 5 s timer while it waits; a live stream: none, and the stream is followed.
    expect(h.tickers(billPollMs)).toBe(polling ? 1 : 0);
    expect(h.stream.handlers !== null).toBe(!polling);
    if (!s.matches({ list: "details" }))
      await waitFor(() => expect(document.querySelector(".bill-detail-dialog")).toBeNull());

    if (s.matches({ list: "loading" })) {
      await waitFor(() =>
        expect(lastListRequest(h)).toEqual(toBillListRequest(context.search, pagingRequest(context.paging))),
      );
      await expectBusy(h.t("bills.search.submit"));
      if (!context.loaded)
        await waitFor(() => expect(screen.getByTestId("bills-loading").textContent).toBe(h.t("bills.loading")));
      else if (context.items.length > 0)
        await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBe("true"));
      else await waitFor(() => expect(screen.getByTestId("bills-empty").getAttribute("aria-busy")).toBe("true"));
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches({ list: "failed" })) {
      await waitFor(() => expect(screen.getByTestId("bills-failed").textContent).toContain(h.t("bills.loadFailed")));
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches({ list: "ready" })) {
      await expectProblems(h, context.fieldErrors, null);
      // The filter offers the merchant's applications once they have arrived, else takes a code.
      const scope = within(form(h));
      expect(Boolean(scope.queryByLabelText(h.t("bills.search.application")))).toBe(context.apps !== null);
      if (context.items.length === 0) {
        const empty = await screen.findByTestId("bills-empty");
        await waitFor(() => expect(empty.getAttribute("aria-busy")).toBeNull());
        if (isFilteredSearch(context.search)) expect(empty.textContent).toBe(h.t("bills.emptyFiltered"));
        else {
          expect(empty.textContent).toContain(h.t("bills.empty"));
          expect(empty.textContent).toContain(h.t("bills.emptyHint"));
          expect(
            within(empty)
              .getByRole("link", { name: h.t("bills.toApps") })
              .getAttribute("href"),
          ).toBe("/app/list");
        }
        return;
      }
      await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBeNull());
      const rows = within(screen.getByTestId("bills-table")).getAllByRole("row").slice(1);
      expect(rows.map((r) => r.getAttribute("data-testid"))).toEqual(context.items.map((b) => `bill-row-${b.billNo}`));
      for (const bill of context.items) {
        const cells = within(row(bill.billNo));
        await waitFor(() => expect(cells.getByText(h.t(`bills.status.${bill.status}`))).toBeTruthy());
        expect(cells.getByText(h.t(`bills.notice.${bill.noticeStatus}`))).toBeTruthy();
        // The amount (a collected bill's collection amount may be the same figure).
        expect(cells.getAllByText(formatTokenAmount(bill.amount, bill.currency, "en-US")).length).toBeGreaterThan(0);
        expect(cells.getByText(bill.appName)).toBeTruthy();
        expect(cells.getByTitle(bill.txHash)).toBeTruthy();
        expect(cells.queryByText(progressText(h, bill))?.textContent ?? null).toBe(
          bill.status === "confirming" ? progressText(h, bill) : null,
        );
      }
      const { paging } = context;
      const pageCount = pageCountOf(paging.total, paging.pageSize);
      expect(screen.getByTestId("bills-summary").textContent).toBe(
        h.t("bills.pagination.summary", { count: paging.total, page: paging.page, pageCount }),
      );
      expect((screen.getByRole("button", { name: h.t("bills.pagination.next") }) as HTMLButtonElement).disabled).toBe(
        paging.nextCursor === null,
      );
      expect(
        (screen.getByRole("button", { name: h.t("bills.pagination.previous") }) as HTMLButtonElement).disabled,
      ).toBe(paging.previousCursor === null);
      return;
    }
    // details: every field of the bill as the stream keeps it, hashes and addresses whole with copy buttons.
    const bill = context.detail as AppBill;
    const dialog = await screen.findByRole("dialog", { name: h.t("bills.details.title", { billNo: bill.billNo }) });
    const facts = within(dialog).getByTestId("bill-facts");
    await waitFor(() => expect(within(facts).getByText(h.t(`bills.status.${bill.status}`))).toBeTruthy());
    const text = facts.textContent ?? "";
    for (const expected of [
      bill.billNo,
      `${bill.appName} (${bill.appCode})`,
      bill.endUserId,
      bill.fromAddress,
      bill.toAddress,
      bill.txHash,
      bill.blockNumber,
      `${bill.chain} (${bill.chainId})`,
      bill.protocol,
      formatTokenAmount(bill.amount, bill.currency, "en-US"),
      h.t(`bills.notice.${bill.noticeStatus}`),
      ...(bill.status === "confirming" ? [progressText(h, bill)] : []),
      // Its collection: the sweep's transaction and the gas it paid in the chain's native coin.
      h.t("bills.details.collectionGasFee"),
      ...(bill.collectionTxHash ? [bill.collectionTxHash] : []),
      ...(bill.collectionGasFee ? [formatDecimal(bill.collectionGasFee, "en-US")] : []),
    ])
      expect(text).toContain(expected);
    for (const label of ["bills.details.copyFrom", "bills.details.copyTo", "bills.details.copyTxHash"])
      expect(within(dialog).getByRole("button", { name: h.t(label) })).toBeTruthy();
    // Its deliveries on Transaction callbacks, filtered to it.
    expect(
      within(dialog)
        .getByRole("link", { name: h.t("bills.details.callbacks") })
        .getAttribute("href"),
    ).toBe(`/callback/list?billNo=${bill.billNo}`);
  },
  stop: (h) => h.cleanup(),
});
