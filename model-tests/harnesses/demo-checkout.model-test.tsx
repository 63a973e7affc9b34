// @vitest-environment happy-dom
import { act, screen, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { DemoChain } from "../../contracts/schemas/demo.ts";
import { secondsLeft, statusPollMs } from "../../machines/public/demo-checkout.ts";
import type { Timers } from "../../src/app/services.ts";
import { chainInfo } from "../../src/features/public/chains.ts";
import { formatClock, formatUsdt } from "../../src/i18n/format.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { demoCheckoutModel, pollEvent, visitorStart } from "../models/demo-checkout.model.ts";
import { expectBusy, expectNotRepeated, pageWords } from "./form-steps.ts";

type Fire = (ms: number) => void;
type H = ConsoleHarness & {
  fake: ControlledApi;
  fire: Fire;
  tickers: () => number;
  paying: boolean;
  polls: number;
  loads: number;
};

/**
 * The console's manual timers, told apart by interval: the countdown ticks every second, the status poll
 * waits five, and a step moves only the one it names.
 */
function timersByInterval(timers: Timers): { fire: Fire; tickers: () => number } {
  const tickers = new Map<() => void, number>();
  timers.every = (ms, tick) => {
    const entry = () => tick();
    tickers.set(entry, ms);
    return () => tickers.delete(entry);
  };
  return {
    fire: (ms) => {
      for (const [tick, every] of [...tickers]) if (every === ms && tickers.has(tick)) tick();
    },
    tickers: () => tickers.size,
  };
}

const networkName = (chain: DemoChain) => `${chainInfo(chain).network} (${chainInfo(chain).standard})`;
const callsOf = (h: H, method: "demo.checkout" | "demo.status" | "demo.pay") =>
  h.fake.calls.filter((c) => c.method === method);

runModel(demoCheckoutModel, {
  async start() {
    // The visitor's clock: the page reads Date.now() when it opens and on every countdown tick.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(visitorStart);
    const fake = createControlledApi({
      createOrder: "demo.checkout",
      checkStatus: "demo.status",
      payOrder: "demo.pay",
    });
    const h = await renderConsole({ url: "/demo01", api: fake.api });
    // The page is a lazily loaded route: its chunk may take more than a second while other work shares the cores.
    await screen.findByRole("heading", { name: h.t("demo.title") }, { timeout: 5000 });
    return Object.assign(h, { fake, ...timersByInterval(h.timers), paying: false, polls: 0, loads: 0 });
  },
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "demo.start": {
        const again =
          screen.queryByRole("button", { name: h.t("demo.retry") }) ??
          screen.getByRole("button", { name: h.t("demo.startNew") });
        return h.user.click(again);
      }
      case "demo.chain":
        return h.user.click(screen.getByRole("radio", { name: networkName(e.chain) }));
      case "demo.pay": {
        const pay = screen.getByRole("button", { name: h.t("demo.simulatePayment") }) as HTMLButtonElement;
        if (h.paying) {
          // A second press while the payment is on its way: the button is disabled, nothing is sent again.
          expect(pay.disabled).toBe(true);
          const before = callsOf(h, "demo.pay").length;
          await h.user.click(pay);
          expect(callsOf(h, "demo.pay").length).toBe(before);
          return;
        }
        return h.user.click(pay);
      }
      case "clock.tick":
        vi.setSystemTime(e.now);
        return act(() => h.fire(1000));
      case pollEvent.type:
        h.polls += 1;
        return act(() => h.fire(statusPollMs));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { chain, order, failure } = s.context;
    h.paying = s.matches({ pending: "paying" });
    await waitFor(() =>
      expect(screen.getByRole("radio", { name: networkName(chain) }).getAttribute("aria-checked")).toBe("true"),
    );

    if (s.matches("loading")) {
      await screen.findByLabelText(h.t("demo.loading"));
      // One request per order asked for, on the chosen chain.
      h.loads += 1;
      await waitFor(() => expect(callsOf(h, "demo.checkout").length).toBe(h.loads));
      expect(callsOf(h, "demo.checkout").at(-1)?.args[0]).toEqual({ chain });
      return;
    }
    if (s.matches("failed")) {
      await waitFor(() => {
        const alert = screen.getByRole("alert");
        expect(alert.textContent).toContain(h.t("demo.failedTitle"));
        expect(alert.textContent).toContain(pageWords(h, failure));
      });
      expectNotRepeated(h, failure);
      expect(screen.getByRole("button", { name: h.t("demo.retry") })).toBeTruthy();
      return;
    }
    if (s.matches("paid") || s.matches("expired")) {
      const paid = s.matches("paid");
      // The page's own live region (the harness's location probe is a status too).
      const announced = () =>
        screen.getAllByRole("status").find((el) => el.classList.contains("demo-status"))?.textContent;
      await waitFor(() => expect(announced()).toBe(h.t(paid ? "demo.paidTitle" : "demo.expiredTitle")));
      const text = paid
        ? h.t("demo.paidText", { amount: formatUsdt(order?.amount ?? "", "en-US") })
        : h.t("demo.expiredText");
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole("button", { name: h.t("demo.startNew") })).toBeTruthy();
      // The countdown and the status poll have stopped.
      expect(h.tickers()).toBe(0);
      return;
    }

    // An open order: address, QR code, network and the countdown on the server's clock.
    const current = order as NonNullable<typeof order>;
    await waitFor(() => expect(screen.getByTestId("demo-address").textContent).toBe(current.address));
    expect(screen.getByTestId("demo-chain").textContent).toContain(chainInfo(chain).network);
    expect(screen.getByRole("img", { name: h.t("demo.qrLabel", { address: current.address }) })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId("demo-countdown").textContent).toBe(formatClock(secondsLeft(s.context))),
    );
    const alerts = () => screen.queryAllByRole("alert").map((a) => a.textContent);
    if (failure) await waitFor(() => expect(alerts()).toContain(pageWords(h, failure)));
    else expect(alerts()).toEqual([]);

    if (s.matches({ pending: "paying" })) {
      await expectBusy(h.t("demo.simulatePayment"));
      expect(callsOf(h, "demo.pay").at(-1)?.args[0]).toEqual({ orderCode: current.orderCode });
      return;
    }
    if (s.matches({ pending: "checking" })) {
      await waitFor(() => expect(callsOf(h, "demo.status").length).toBe(h.polls));
      expect(callsOf(h, "demo.status").at(-1)?.args[0]).toEqual({ orderCode: current.orderCode });
      return;
    }
    // The page asks about the order only when the poll comes due.
    expect(callsOf(h, "demo.status").length).toBe(h.polls);
    await waitFor(() =>
      expect((screen.getByRole("button", { name: h.t("demo.simulatePayment") }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  },
  stop: (h) => {
    h.cleanup();
    vi.useRealTimers();
  },
});
