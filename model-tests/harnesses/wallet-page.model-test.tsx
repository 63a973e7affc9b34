// @vitest-environment happy-dom
import { act, screen, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { TransactionRecord } from "../../contracts/schemas/transactions.ts";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import { untilUsable, type WalletData } from "../../machines/wallet/wallet-page.ts";
import type { StreamHandlers } from "../../src/api/event-stream.ts";
import { actorResultOf } from "../framework/model-events.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { rechargeCredited } from "../models/transaction-fixtures.ts";
import { coolingDestination, devnetChain, paymentAddress, walletNow } from "../models/wallet-fixtures.ts";
import { cooledDownEvent, walletPageModel } from "../models/wallet-page.model.ts";
import { timersByInterval } from "./order-pages.ts";
import { expectWallet, heldBooks, renderWallet, type WalletHarness } from "./wallet-pages.ts";

/** How long the page waits, on the merchant's clock, for the waiting destination's cool-down to end. */
const coolDownMs = untilUsable(Date.parse(coolingDestination.usableAt), Date.parse(walletNow));

type H = WalletHarness & {
  fire(ms: number): void;
  tickers(ms: number): number;
  books: ReturnType<typeof heldBooks>;
  loads: number;
  /** The wallet's live stream, as the page follows it. */
  stream: { handlers: StreamHandlers<TransactionRecord> | null };
  /** The page was loading at the last check: a change heard now is asked for after that answer. */
  loading: boolean;
  queued: boolean;
};

runModel(walletPageModel, {
  async start() {
    // The merchant's clock: the page reads Date.now() to know how long a destination still waits.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(walletNow);
    const books = heldBooks();
    const stream: { handlers: StreamHandlers<TransactionRecord> | null } = { handlers: null };
    const h = await renderWallet(
      { loadWallet: "wallet.walletOverview" },
      {
        "wallet.addresses": books.answer,
        "currencies.list": async () => [devnetChain],
        "wallet.userWallet": async () => paymentAddress,
        "wallet.withdrawals": async () => emptyKeysetPage(10),
        "transactions.watch": (_query, handlers) => {
          stream.handlers = handlers;
          return () => {
            stream.handlers = null;
          };
        },
      },
    );
    return Object.assign(h, { books, loads: 1, loading: true, queued: false, stream }, timersByInterval(h.timers));
  },
  // The wallet is several calls: the path's answer gives the book first, then settles the figures' call.
  fakeApi: (h: H) => ({
    ...h.fake,
    async answerActorResult(event) {
      const result = actorResultOf(event);
      if (result?.id !== "loadWallet") return h.fake.answerActorResult(event);
      // A change heard while this answer was under way: the wallet is asked for once more.
      if (h.queued && "output" in result.outcome) h.loads += 1;
      h.queued = false;
      if ("output" in result.outcome) {
        const data = result.outcome.output as WalletData;
        h.books.release(data.book);
        await h.fake.settle("wallet.walletOverview", { output: data.overview });
      } else {
        h.books.release({ items: [], cooldownSeconds: 0 });
        await h.fake.settle("wallet.walletOverview", result.outcome);
      }
      return true;
    },
  }),
  async perform(h: H, event) {
    if (event.type === "wallet.changed") {
      if (h.loading) h.queued = true;
      else h.loads += 1;
      expect(h.stream.handlers, "the page follows the wallet's live stream").not.toBeNull();
      return act(() => h.stream.handlers?.onEvent(rechargeCredited));
    }
    h.loads += 1;
    if (event.type === cooledDownEvent.type) return act(() => h.fire(coolDownMs));
    if (event.type === "wallet.retry") return h.user.click(screen.getByRole("button", { name: h.t("wallet.retry") }));
    if (event.type === "wallet.reload") return h.user.click(screen.getByRole("button", { name: h.t("wallet.reload") }));
    unmapped(event);
  },
  async expectScreen(h: H, s) {
    h.loading = s.matches("loading");
    await waitFor(() => expect(h.fake.calls.filter((c) => c.method === "wallet.walletOverview")).toHaveLength(h.loads));
    const { data } = s.context;
    if (s.matches("failed")) {
      await waitFor(() => expect(screen.getByTestId("wallet-failed").textContent).toContain(h.t("wallet.failed")));
      expect(screen.getByRole("button", { name: h.t("wallet.retry") })).toBeTruthy();
      expect(screen.queryByTestId("wallet-balance")).toBeNull();
      return;
    }
    if (!data) {
      await waitFor(() => expect(screen.getByLabelText(h.t("wallet.loading"))).toBeTruthy());
      return;
    }
    await expectWallet(h, data);
    // A destination still waits: the page's timer is set for its cool-down's end, and for nothing else.
    expect(h.tickers(coolDownMs)).toBe(s.matches({ ready: "waiting" }) ? 1 : 0);
    const figures = screen.getByTestId("wallet-balance").querySelector("dl");
    if (s.matches("loading")) expect(figures?.getAttribute("aria-busy")).toBe("true");
    else await waitFor(() => expect(figures?.getAttribute("aria-busy")).toBeNull());
  },
  stop: (h) => {
    h.cleanup();
    vi.useRealTimers();
  },
});
