// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { pageCountOf, pagingRequest } from "../../machines/lists/keyset-paging.ts";
import { type AnyListArea, isFiltered, type ListSearch, listRequestOf } from "../../machines/lists/list-area.ts";
import { listPollMs } from "../../machines/lists/list-machine.ts";
import { listQueryOf } from "../../machines/lists/list-query.ts";
import { ApiError } from "../../src/api/api-error.ts";
import type { StreamHandlers } from "../../src/api/event-stream.ts";
import { screenFileOf } from "../framework/list-area-inventory.ts";
import { withinRow } from "../framework/row-queries.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleApp } from "../models/app-edit.model.ts";
import { testAnswer } from "../models/callback-fixtures.ts";
import { madeLink } from "../models/invoice-fixtures.ts";
import { subscription } from "../models/order-fixtures.ts";
import { listModel } from "../models/list.model.ts";
import { withdrawalStepped } from "../models/list-walks.ts";
import { type CallbacksHarness, expectNoDialog, renderCallbacks } from "./callback-pages.ts";
import { expectBusy, expectProblems, replaceText } from "./form-steps.ts";
import { type ListScreen, listScreens } from "./list-screens.ts";
import { walletAnswers } from "./wallet-pages.ts";
import { emptyWallet } from "../models/wallet-fixtures.ts";
import { timersByInterval } from "./order-pages.ts";

type H = CallbacksHarness & {
  area: AnyListArea;
  shows: ListScreen;
  stream: { handlers: StreamHandlers<never> | null };
  fire(ms: number): void;
  tickers(ms: number): number;
  /** The page the screen showed at its last check: Next or Previous leads to the page asked for. */
  shownPage: number;
  /** The row action whose dialog is open. */
  acting: string | null;
};

const say = (h: H, key: string, options?: Record<string, unknown>) => String(h.t(key as never, options as never));
const of = (h: H, key: string) => say(h, `${h.area.name}.${key}`);
const form = (h: H) => screen.getByRole("form", { name: of(h, "search.label") });
const listRegion = (h: H) => screen.getByRole("region", { name: of(h, "tableLabel") });
const byTestId = (h: H, part: string) => screen.getByTestId(`${h.area.name}-${part}`);
/** The list's pages bar: its buttons looked up there, not among every button of the page (~1.7 s of the file's CPU). */
const pagesBar = (h: H) => within(screen.getByRole("navigation", { name: of(h, "pagination.label") }));
const listMethod = (h: H) => h.shows.listMethod ?? `${h.area.name}.list`;
const lastListRequest = (h: H) => h.fake.calls.filter((c) => c.method === listMethod(h)).at(-1)?.args[0];

/**
 * Fills the area's search form field by field, as its kinds are drawn (list-search-form.tsx). A field that already
 * holds its value is left as it is, as a merchant would leave it (expectFormHolds and the request sent check the rest).
 */
async function fillSearch(h: H, search: ListSearch) {
  const scope = within(form(h));
  for (const field of h.area.fields) {
    const value = search[field.name] ?? "";
    if (field.kind === "application") {
      // The applications' select once they have arrived, else the code field.
      const select = scope.queryByLabelText(of(h, "search.application")) as HTMLSelectElement | null;
      const input = select ?? (scope.getByLabelText(of(h, "search.appCode")) as HTMLInputElement);
      if (input.value === value) continue;
      if (select) await h.user.selectOptions(select, value);
      else await replaceText(h, input, value);
      continue;
    }
    const input = scope.getByLabelText(of(h, `search.${field.name}`)) as HTMLInputElement | HTMLSelectElement;
    if (input.value === value) continue;
    if (field.kind === "choice") await h.user.selectOptions(input, value);
    // A date-time field takes its value as the browser's picker would set it.
    else if (field.kind === "from" || field.kind === "until") fireEvent.change(input, { target: { value } });
    else await replaceText(h, input, value);
  }
}

/** Unless it shows problems, the form holds the search shown (the bill of a link too). */
function expectFormHolds(h: H, search: ListSearch) {
  const scope = within(form(h));
  for (const field of h.area.fields)
    if (field.kind === "text" || field.kind === "choice")
      expect((scope.getByLabelText(of(h, `search.${field.name}`)) as HTMLInputElement).value).toBe(search[field.name]);
}

runModel(listModel, {
  async start(path) {
    const { area } = path.input;
    const stream: H["stream"] = { handlers: null };
    const follow = (handlers: StreamHandlers<never>) => {
      stream.handlers = handlers;
      return () => {
        stream.handlers = null;
      };
    };
    // A link's search: Callbacks of this bill, an Invoices ?flag= link.
    const linked = path.input.search ? new URLSearchParams(path.input.search).toString() : "";
    const shows = listScreens[area.name];
    if (!shows) throw new Error(`the list area "${area.name}" has no screen: add ${screenFileOf(area.name)}`);
    const h = await renderCallbacks(
      {
        loadPage: shows.listMethod ?? (`${area.name}.list` as "bills.list"),
        loadDetail: "orders.detail",
        runAction: "apps.setStatus",
      },
      {
        // My wallet around its withdrawals: its figures and book answered at once (walletPage's model walks them).
        ...walletAnswers(() => emptyWallet),
        "callbacks.test": async () => testAnswer,
        // The pay dialog (another flow's machine) asks for the chains and the balance and follows the order's stream:
        // no chain and a silent stream keep it waiting for the merchant to close it.
        "currencies.list": async () => [],
        "orders.watch": () => () => {},
        "orders.subscription": async () => subscription,
        "apps.add": async (body) => ({ ...sampleApp, ...body, remark: body.remark ?? "" }),
        // A payment link (paymentLink, walked by its own model) made at once: the list only hears that it was.
        "invoices.create": async () => madeLink,
        // The edit dialog (appEdit, walked by its own model) answered at once: the list only hears what it saved.
        "auth.checkCode": async () => ({ valid: true, proof: "proof-1", proofExpiresInSeconds: 300 }),
        "apps.edit": async ({ proof: _, ...body }) => ({
          ...sampleApp,
          ...body,
          status: "normal",
          remark: body.remark ?? "",
        }),
        // The live lists' streams: whichever the page follows, the path speaks through it.
        "bills.watch": (_query, handlers) => follow(handlers),
        "transactions.watch": (_query, handlers) => follow(handlers),
        "invoices.watch": (_query, handlers) => follow(handlers),
      },
      linked ? `?${linked}` : "",
      { path: shows.path, title: shows.title ?? `${area.name}.title` },
    );
    const timers = timersByInterval(h.timers);
    if (area.live) await waitFor(() => expect(stream.handlers, "the page follows the list's stream").not.toBeNull());
    return Object.assign(h, { area, shows, stream, shownPage: 1, acting: null }, timers);
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "list.search":
        await fillSearch(h, e.search);
        return h.user.click(within(form(h)).getByRole("button", { name: of(h, "search.submit") }));
      case "list.reset":
        return h.user.click(within(form(h)).getByRole("button", { name: of(h, "search.reset") }));
      case "list.retry":
        return h.user.click(within(byTestId(h, "failed")).getByRole("button", { name: of(h, "retry") }));
      case "list.reload": {
        if (e.why === withdrawalStepped) return act(() => h.stream.handlers?.onEvent(h.shows.streamed as never));
        // A list answer is under way while Search shows its spinner.
        const loading = within(form(h))
          .getByRole("button", { name: of(h, "search.submit") })
          .classList.contains("bp6-loading");
        return h.shows.addRows?.(h, loading);
      }
      case "list.page":
        return h.user.click(
          pagesBar(h).getByRole("button", {
            name: of(h, e.page > h.shownPage ? "pagination.next" : "pagination.previous"),
          }),
        );
      case "list.pageSize":
        return h.user.selectOptions(pagesBar(h).getByLabelText(of(h, "pagination.pageSize")), String(e.pageSize));
      case "row.details":
        return h.user.click(
          withinRow(screen.getByTestId(h.shows.rowTestId(e.key))).getByRole("button", {
            name: of(h, "actions.details"),
          }),
        );
      case "row.act":
        h.acting = e.action;
        return h.user.click(
          withinRow(screen.getByTestId(h.shows.rowTestId(e.key))).getByRole("button", {
            name: of(h, `actions.${e.action}`),
          }),
        );
      case "action.done":
        await h.shows.finishAction?.(h, h.acting ?? "");
        h.acting = null;
        return;
      case "details.retry":
        return h.user.click(within(screen.getByRole("dialog")).getByRole("button", { name: of(h, "details.retry") }));
      case "details.close": {
        const closes = within(screen.getByRole("dialog")).getAllByRole("button", { name: of(h, "details.close") });
        return h.user.click(closes.at(-1) as HTMLElement);
      }
      case "row.updated":
        if (h.shows.updateRow) return h.shows.updateRow(h, e.row);
        return act(() => h.stream.handlers?.onEvent(e.row as never));
      case "feed.failed":
        return act(() => h.stream.handlers?.onError(new ApiError("transport", "network", "network error")));
      default:
        if (e.type === "xstate.after.listPoll.list.feed.polling") return act(() => h.fire(listPollMs));
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    const { area } = context;
    h.shownPage = context.paging.page;
    if (area.live) {
      const polling = s.matches({ feed: "polling" });
      await waitFor(() => expect(byTestId(h, "feed").textContent).toBe(of(h, polling ? "feed.polling" : "feed.live")));
      // Polling: one 5 s timer while it waits; a live stream: none, and the stream is followed.
      expect(h.tickers(listPollMs)).toBe(polling ? 1 : 0);
      expect(h.stream.handlers !== null).toBe(!polling);
    }
    if (!s.matches({ list: "details" }) && !s.matches({ list: "acting" })) await expectNoDialog();
    if (Object.keys(context.fieldErrors).length === 0) expectFormHolds(h, context.search);
    // Every list page holds its search and page size in the address bar (src/app/list-search-url.ts).
    const query = listQueryOf(area, context.search, context.paging.pageSize);
    await waitFor(() => expect(h.location()).toBe(`${h.shows.path}${query ? `?${query}` : ""}`));

    if (s.matches({ list: "loading" })) {
      await waitFor(() =>
        expect(lastListRequest(h)).toEqual(listRequestOf(area, context.search, pagingRequest(context.paging))),
      );
      await expectBusy(of(h, "search.submit"));
      if (!context.loaded) await waitFor(() => expect(byTestId(h, "loading").textContent).toBe(of(h, "loading")));
      else if (context.items.length > 0)
        await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBe("true"));
      else await waitFor(() => expect(byTestId(h, "empty").getAttribute("aria-busy")).toBe("true"));
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches({ list: "failed" })) {
      await waitFor(() => expect(byTestId(h, "failed").textContent).toContain(of(h, "loadFailed")));
      await expectProblems(h, context.fieldErrors, null);
      return;
    }
    if (s.matches({ list: "ready" })) {
      await expectProblems(h, context.fieldErrors, null);
      // The filter offers the merchant's applications once they have arrived, else takes a code.
      if (area.fields.some((field) => field.kind === "application"))
        expect(Boolean(within(form(h)).queryByLabelText(of(h, "search.application")))).toBe(context.choices !== null);
      if (context.items.length === 0) {
        const empty = await screen.findByTestId(`${area.name}-empty`);
        await waitFor(() => expect(empty.getAttribute("aria-busy")).toBeNull());
        if (isFiltered(context.search)) expect(empty.textContent).toBe(of(h, "emptyFiltered"));
        else if (!h.shows.emptyHint) expect(empty.textContent).toBe(of(h, "empty"));
        else {
          expect(empty.textContent).toContain(of(h, "empty"));
          expect(empty.textContent).toContain(of(h, "emptyHint"));
          expect(
            within(empty)
              .getByRole("link", { name: of(h, "toApps") })
              .getAttribute("href"),
          ).toBe("/app/list");
        }
        return;
      }
      await waitFor(() => expect(listRegion(h).getAttribute("aria-busy")).toBeNull());
      const rows = within(byTestId(h, "table")).getAllByRole("row").slice(1);
      expect(rows.map((r) => r.getAttribute("data-testid"))).toEqual(
        context.items.map((row) => h.shows.rowTestId(area.rowKey(row))),
      );
      for (const row of context.items) await h.shows.expectRow(h, row);
      await h.shows.expectReady?.(h, s);
      const { paging } = context;
      const pageCount = pageCountOf(paging.total, paging.pageSize);
      expect(byTestId(h, "summary").textContent).toBe(
        say(h, `${area.name}.pagination.summary`, { count: paging.total, page: paging.page, pageCount }),
      );
      const bar = pagesBar(h);
      const button = (name: string) => bar.getByRole("button", { name: of(h, name) }) as HTMLButtonElement;
      expect(button("pagination.next").disabled).toBe(paging.nextCursor === null);
      expect(button("pagination.previous").disabled).toBe(paging.previousCursor === null);
      expect((bar.getByLabelText(of(h, "pagination.pageSize")) as HTMLSelectElement).value).toBe(
        String(paging.pageSize),
      );
      return;
    }
    if (s.matches({ list: "acting" })) return h.shows.expectActing?.(h, s);
    if (s.matches({ list: "calling" })) return h.shows.expectCalling?.(h, s);
    await h.shows.expectDetail(h, s);
  },
  stop: (h) => h.cleanup(),
});
