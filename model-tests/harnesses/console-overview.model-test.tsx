// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { AppBill } from "../../contracts/schemas/bills.ts";
import { ApiError } from "../../src/api/api-error.ts";
import type { StreamHandlers } from "../../src/api/event-stream.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatUsdt } from "../../src/i18n/format.ts";
import { createControlledApi, type ControlledApi } from "../framework/fake-api.ts";
import type { ModelSnapshot } from "../framework/model.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleBills } from "../models/bill-fixtures.ts";
import { consoleOverviewModel } from "../models/console-overview.model.ts";
import { loginResult, noFigures, storedUser } from "../models/fixtures.ts";
import { signedInAnswers } from "./signed-in.ts";
import type { consoleOverviewMachine } from "../../machines/console/console-overview.ts";
import { pageWords } from "./form-steps.ts";

type Snapshot = ModelSnapshot<typeof consoleOverviewMachine>;
type H = ConsoleHarness & {
  fake: ControlledApi;
  /** The console's handlers on the live bills stream while it follows it (the stream it follows now, not the first). */
  stream(): StreamHandlers<AppBill> | null;
  /** The state before the step being performed. */
  before: Snapshot | null;
};

const figures = () => screen.getByTestId("console-figures");
const trend = () => screen.getByTestId("console-trend");
const figureValue = (testId: string) => within(figures()).getByTestId(testId).querySelector("[data-value]");

/** The console home of the sample merchant, its figures answered by the path and its bills stream in the harness's hand. */
async function start(): Promise<H> {
  const state = { stream: null as StreamHandlers<AppBill> | null };
  const fake = createControlledApi(
    { loadOverview: "console.overview" },
    {
      ...signedInAnswers,
      "bills.watch": (_query, handlers) => {
        state.stream = handlers;
        return () => {
          if (state.stream === handlers) state.stream = null;
        };
      },
    },
  );
  const h = await renderConsole({
    url: "/console/index",
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  await screen.findByTestId("console-figures");
  return Object.assign(h, {
    fake,
    before: null,
    stream: () => state.stream,
  }) as H;
}

runModel(consoleOverviewModel, {
  start,
  fakeApi: (h: H) => h.fake,
  async perform(h: H, event) {
    const wasLoading = h.before?.matches({ figures: "loading" }) ?? false;
    let restarts = false;
    if (event.type === "overview.range") {
      await h.user.click(within(trend()).getByRole("button", { name: h.t(`consoleHome.ranges.${event.range}`) }));
      restarts = wasLoading;
    } else if (event.type === "overview.retry") {
      await h.user.click(within(figures()).getByRole("button", { name: h.t("consoleHome.retry") }));
    } else if (event.type === "overview.refresh") {
      await h.user.click(within(figures()).getByRole("button", { name: h.t("consoleHome.refresh") }));
    } else if (event.type === "overview.bill") {
      await waitFor(() => expect(h.stream()).not.toBeNull());
      h.stream()?.onEvent({ ...sampleBills[0]!, status: event.status });
      restarts = wasLoading && event.status === "credited";
    } else if (event.type === "overview.feedLost") {
      await waitFor(() => expect(h.stream()).not.toBeNull());
      h.stream()?.onError(new ApiError("transport", "network", "stream lost"));
    } else unmapped(event);
    // The load a restart left behind answers into nothing: the machine reads only the new one.
    if (restarts) await h.fake.settle("console.overview", { output: noFigures("week") });
  },
  async expectScreen(h: H, s) {
    h.before = s;
    const { figures: shown, range, failure } = s.context;
    const pressed = within(trend()).getByRole("button", { name: h.t(`consoleHome.ranges.${range}`) });
    await waitFor(() => expect(pressed.getAttribute("aria-pressed")).toBe("true"));
    if (s.matches({ figures: "failed" })) {
      await waitFor(() =>
        expect(within(figures()).getByRole("alert").textContent).toBe(
          `${h.t("consoleHome.failed")} ${pageWords(h, failure)}`,
        ),
      );
      expect(within(figures()).getByRole("button", { name: h.t("consoleHome.retry") })).toBeTruthy();
      expect(screen.queryByTestId("console-trend-chart")).toBeNull();
    } else if (!shown) {
      await waitFor(() => expect(figureValue("console-balance")?.getAttribute("data-value")).toBe(""));
      expect(within(figures()).getByTestId("console-balance").getAttribute("aria-busy")).toBe("true");
    } else {
      await waitFor(() => expect(figureValue("console-balance")?.getAttribute("data-value")).toBe(shown.balance));
      expect(figureValue("console-balance")?.textContent).toBe(formatUsdt(shown.balance, "en-US"));
      expect(figureValue("console-main-chain")?.textContent).toBe(formatUsdt(shown.mainChain, "en-US"));
      expect(figureValue("console-today")?.textContent).toBe(formatUsdt(shown.today.amount, "en-US"));
      const busy = s.matches({ figures: "loading" }) ? "true" : null;
      await waitFor(() => expect(within(figures()).getByTestId("console-today").getAttribute("aria-busy")).toBe(busy));
      // The chart's name says the range and its total; the table lists each day.
      const total = shown.trend.days.reduce((n, d) => n + d.count, 0);
      const chart = within(trend()).getByRole("img");
      expect(chart.getAttribute("aria-label")).toContain(h.t(`consoleHome.rangeWords.${shown.trend.range}`));
      expect(chart.getAttribute("aria-label")).toContain(
        h.t("consoleHome.deposits", { count: total, n: String(total) }),
      );
      expect(trend().querySelectorAll("tbody tr[data-amount]")).toHaveLength(shown.trend.days.length);
      // Invoices paid: today's card, the range's total under the chart, and each day's count in the table.
      expect(figureValue("console-invoices-today")?.textContent).toBe(
        formatUsdt(shown.invoicesPaidToday.amount, "en-US"),
      );
      const invoices = shown.trend.invoicesPaid.reduce((n, d) => n + d.count, 0);
      expect(within(trend()).getByTestId("console-trend-invoices").textContent).toContain(
        h.t("consoleHome.invoices", { count: invoices, n: String(invoices) }),
      );
      expect(
        [...trend().querySelectorAll("tbody tr[data-invoices]")].map((row) =>
          Number(row.getAttribute("data-invoices")),
        ),
      ).toEqual(shown.trend.invoicesPaid.map((d) => d.count));
    }
    const lost = s.matches({ feed: "lost" });
    await waitFor(() => expect(Boolean(screen.queryByTestId("console-feed-lost"))).toBe(lost));
  },
  stop: (h) => h.cleanup(),
});
