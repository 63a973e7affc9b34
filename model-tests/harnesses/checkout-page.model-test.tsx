// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { expect, vi } from "vitest";
import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import type { CheckoutAnswer, CheckoutPageEvent } from "../../machines/checkout/checkout-page.ts";
import { reopenStreamMs } from "../../machines/checkout/checkout-page.ts";
import { createCheckoutI18n } from "../../src/checkout/checkout-i18n.ts";
import type { CheckoutServices } from "../../src/checkout/checkout-machines.ts";
import { CheckoutScreen } from "../../src/checkout/checkout-screen.tsx";
import { formatUsdt } from "../../src/i18n/format.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import {
  checkoutChains,
  checkoutInvoiceId,
  checkoutPageModel,
  customerStart,
  reopenEvent,
} from "../models/checkout-page.model.ts";

/**
 * The checkout page is no console page: the harness renders its screen alone, in English, over services it drives by
 * hand — the server's first answer, the event stream, the device's clock (its one-second tick and the reopening pause).
 */
interface H {
  t: i18n["t"];
  /** The first read waiting for the path's answer. */
  reads: { resolve(answer: CheckoutAnswer): void; reject(error: unknown): void }[];
  /** The stream's open connections (one at most), and how many were opened. */
  streams: ((event: CheckoutPageEvent) => void)[];
  opened: number;
  timers: Map<() => void, number>;
}

let english: i18n | undefined;

function servicesOf(h: H): CheckoutServices {
  return {
    loadView: () => new Promise((resolve, reject) => h.reads.push({ resolve, reject })),
    watch: (_invoiceId, send) => {
      h.streams.push(send);
      h.opened += 1;
      return () => {
        h.streams = h.streams.filter((s) => s !== send);
      };
    },
    every: (ms, tick) => {
      const entry = () => tick();
      h.timers.set(entry, ms);
      return () => h.timers.delete(entry);
    },
  };
}

/** The timers of one interval come due once. */
const fire = (h: H, ms: number) =>
  act(() => {
    for (const [tick, every] of [...h.timers]) if (every === ms && h.timers.has(tick)) tick();
  });

const notes = () => [...screen.getByTestId("checkout-notes").querySelectorAll("p")].map((p) => p.textContent);
const clockText = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
};

/** The notes the customer must read for a view, written out from the view (not from the page's own helper). */
function expectedNotes(h: H, view: CheckoutView, open: boolean, timeUp: boolean): string[] {
  const usdt = (amount: string) => formatUsdt(amount, "en-US");
  const merchant = view.merchant.name;
  const due = view.amountDue !== "0";
  const said: string[] = [];
  if (open && !timeUp && view.status === "new") said.push(h.t("checkout.waiting"));
  if (view.status === "processing" && view.confirmations)
    said.push(h.t("checkout.confirming", { seen: view.confirmations.seen, needed: view.confirmations.needed }));
  if (open && timeUp && due) said.push(h.t("checkout.timeUp"));
  if (open && !timeUp && due && view.amountSent !== "0")
    said.push(h.t("checkout.partlyPaid", { sent: usdt(view.amountSent), due: usdt(view.amountDue) }));
  if (view.status === "paid") said.push(h.t("checkout.paid"));
  if (view.status === "expired")
    said.push(
      view.flags.includes("underpaid")
        ? h.t("checkout.expiredUnderpaid", { received: usdt(view.amountReceived), amount: usdt(view.amount), merchant })
        : h.t("checkout.expired"),
    );
  if (view.status === "cancelled") said.push(h.t("checkout.cancelled"));
  if (view.flags.includes("paidLate")) said.push(h.t("checkout.paidLate", { merchant }));
  if (view.flags.includes("overpaid"))
    said.push(h.t("checkout.overpaid", { excess: usdt(view.amountExcess), merchant }));
  return said;
}

runModel(checkoutPageModel, {
  async start(path) {
    english ??= await createCheckoutI18n("en-US");
    // The device's clock: the page reads Date.now() on every tick and when a view arrives.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(customerStart);
    const h: H = { t: english.t, reads: [], streams: [], opened: 0, timers: new Map() };
    render(
      <I18nextProvider i18n={english}>
        <CheckoutScreen invoiceId={path.input.invoiceId} services={servicesOf(h)} />
      </I18nextProvider>,
    );
    return h;
  },
  async perform(h, e) {
    switch (e.type) {
      case "xstate.done.actor.loadView":
        if (e.output.found) vi.setSystemTime(e.output.at);
        return act(async () => h.reads.shift()?.resolve(e.output));
      case "xstate.error.actor.loadView":
        return act(async () => h.reads.shift()?.reject(e.error));
      case "checkout.retry":
        return act(async () => {
          fireEvent.click(screen.getByRole("button", { name: h.t("checkout.retry") }));
        });
      case "checkout.chain": {
        const name = checkoutChains.find((o) => o.chain === e.chain)?.chainName ?? e.chain;
        return act(async () => {
          fireEvent.click(screen.getByRole("radio", { name }));
        });
      }
      case "checkout.view":
        vi.setSystemTime(e.at);
        return act(async () => h.streams.at(-1)?.(e));
      case "stream.lost":
      case "stream.open":
      case "stream.closed":
        return act(async () => h.streams.at(-1)?.(e));
      case "clock.tick":
        vi.setSystemTime(e.now);
        return fire(h, 1_000);
      case reopenEvent.type:
        return fire(h, reopenStreamMs);
      default:
        unmapped(e);
    }
  },
  async expectScreen(h, s) {
    if (s.matches("loading")) {
      expect(screen.getByRole("status").textContent).toBe(h.t("checkout.loading"));
      // One read asked for, and no stream before the invoice is known.
      await waitFor(() => expect(h.reads.length).toBe(1));
      expect(h.streams).toEqual([]);
      return;
    }
    if (s.matches("notFound")) {
      await screen.findByRole("heading", { name: h.t("checkout.notFoundTitle") });
      expect(screen.getByText(h.t("checkout.notFoundBody"))).toBeTruthy();
      expect(h.streams).toEqual([]);
      return;
    }
    if (s.matches("failed")) {
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain(h.t("checkout.failedTitle"));
      expect(screen.getByRole("button", { name: h.t("checkout.retry") })).toBeTruthy();
      return;
    }

    const view = s.context.view as CheckoutView;
    const open = s.matches({ shown: { invoice: "open" } });
    const timeUp = s.matches({ shown: { invoice: { open: { countdown: "ended" } } } });
    const live = s.matches({ shown: { stream: { open: "live" } } });
    await screen.findByRole("heading", { name: "Blue Mug Shop", level: 1 });
    expect(document.title).toBe(h.t("checkout.pageTitle", { merchant: "Blue Mug Shop" }));
    expect(screen.getByTestId("checkout-status").textContent).toBe(
      `${h.t("checkout.status")}: ${h.t(`invoiceStatus.${view.status}`)}`,
    );
    const said = expectedNotes(h, view, open, timeUp);
    expect(notes()).toEqual(live ? said : [...said, h.t("checkout.reconnecting")]);
    // One stream while it is open, none while the page waits to open it again; never a poll.
    expect(h.streams.length).toBe(s.matches({ shown: { stream: "closed" } }) ? 0 : 1);
    expect(h.reads).toEqual([]);

    const timer = screen.queryByTestId("checkout-time-left");
    expect(timer?.textContent ?? null).toBe(open ? clockText(Math.max(0, s.context.deadline - s.context.now)) : null);
    // The countdown ticks only while it runs.
    expect([...h.timers.values()].filter((ms) => ms === 1_000).length).toBe(open && !timeUp ? 1 : 0);

    const address = screen.queryByTestId("checkout-address");
    if (open && !timeUp && view.amountDue !== "0") {
      const chosen = checkoutChains.find((o) => o.chain === (s.context.chain ?? "ETH"));
      expect(address?.textContent).toBe(chosen?.address);
      expect(screen.getByTestId("checkout-qr").getAttribute("data-value")).toBe(chosen?.paymentUri);
      expect(screen.getByTestId("checkout-amount-due").textContent).toBe(formatUsdt(view.amountDue, "en-US"));
      expect((screen.getByRole("radio", { name: chosen?.chainName ?? "" }) as HTMLInputElement).checked).toBe(true);
    } else expect(address).toBeNull();

    const leave = screen.queryByTestId("checkout-leave");
    if (open) expect(leave).toBeNull();
    else if (view.status === "paid") {
      expect(leave?.textContent).toBe(h.t("checkout.returnTo", { site: "shop.example" }));
      expect(leave?.getAttribute("href")).toBe(view.returnUrl);
    } else {
      expect(leave?.textContent).toBe(h.t("checkout.visitSite", { site: "shop.example" }));
      expect(leave?.getAttribute("href")).toBe("https://shop.example");
    }
    expect(view.invoiceId).toBe(checkoutInvoiceId);
  },
  stop: () => {
    cleanup();
    vi.useRealTimers();
  },
});
