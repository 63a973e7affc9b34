import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { Failure } from "../../machines/api-failure.ts";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import type { Answers } from "../framework/fake-api.ts";
import type { Order } from "../../contracts/schemas/orders.ts";
import type { StreamHandlers } from "../../src/api/event-stream.ts";
import type { Timers } from "../../src/app/services.ts";
import { formatDate, formatUsdt } from "../../src/i18n/format.ts";
import type { ControlledApi, Method } from "../framework/fake-api.ts";
import { actorResultOf } from "../framework/model-events.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { balance, packages, subscription } from "../models/order-fixtures.ts";
import { expectBusy, expectNotRepeated, pageWords } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

// What the orderPurchase and orderPayment harnesses share: the buy page's catalogue, the order's live stream and the
// console's timers.

/** One subscription to an order's live status, as the pay dialog opens it. */
export interface Watch {
  orderCode: string;
  handlers: StreamHandlers<Order>;
  stopped: boolean;
}

export type OrderPageHarness = ConsoleHarness & { fake: ControlledApi; watches: Watch[] };

/** Answers of the calls the order pages make besides the path's: the catalogue's and the dialog's side calls, the stream. */
export function orderPageAnswers(watches: Watch[]): Answers {
  return {
    ...signedInAnswers,
    // Loaded beside the packages and the chains, answered at once with what the path's answers carry.
    "orders.subscription": async () => subscription,
    "account.balance": async () => balance,
    "orders.list": async () => emptyKeysetPage(),
    "orders.watch": ({ orderCode }, handlers) => {
      const watch: Watch = { orderCode, handlers, stopped: false };
      watches.push(watch);
      return () => {
        watch.stopped = true;
      };
    },
  };
}

/**
 * The fake API of an order page whose `actorId` loads several calls: each step notes in `stepCalls` where its calls
 * begin, and the path's result of that actor settles the one call that waits, `method`, with the part of the output it
 * answers (`part`).
 */
export function loadSettlingApi(
  h: OrderPageHarness & { stepCalls: number },
  actorId: string,
  method: Method,
  part: (output: unknown) => unknown,
): ControlledApi {
  return {
    ...h.fake,
    async answerActorResult(event) {
      // Every step passes here first: it begins now.
      h.stepCalls = h.fake.calls.length;
      const result = actorResultOf(event);
      if (result?.id !== actorId) return h.fake.answerActorResult(event);
      const outcome = "output" in result.outcome ? { output: part(result.outcome.output) } : result.outcome;
      await h.fake.settle(method, outcome);
      return true;
    },
  };
}

/** The console's manual timers, told apart by interval: the countdown ticks every second, the poll waits 3 s. */
export function timersByInterval(timers: Timers) {
  const tickers = new Map<() => void, number>();
  timers.every = (ms, tick) => {
    const entry = () => tick();
    tickers.set(entry, ms);
    return () => tickers.delete(entry);
  };
  return {
    fire: (ms: number) => {
      for (const [tick, every] of [...tickers]) if (every === ms && tickers.has(tick)) tick();
    },
    tickers: (ms: number) => [...tickers.values()].filter((every) => every === ms).length,
  };
}

export const callsOf = (h: OrderPageHarness, method: string) => h.fake.calls.filter((c) => c.method === method);
export const packageName = (h: ConsoleHarness, id: string | null) =>
  h.t(`packages.names.${packages.find((p) => p.id === id)?.code}`);
export const amount = (value: string) => formatUsdt(value, "en-US");
export const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

/** No dialog (a closing one may still be fading out). */
export async function expectNoPayDialog() {
  await waitFor(() => {
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
}

/** What the buy page's catalogue must show. */
export interface CatalogueExpected {
  selectedPackageId: string | null;
  fieldErrors: Partial<Record<string, string>>;
  failure: Failure | null;
  /** The create call is under way. */
  creating: boolean;
  /** How many calls the console had made when the step that pressed Create order began (its call is read from there). */
  callsAtCreate?: number;
  /** The order the page left open is offered to resume. */
  resumable: boolean;
}

/** The package cards with the merchant's package and balance, the chosen card's effect, and the page's problems. */
export async function expectCatalogue(h: OrderPageHarness, expected: CatalogueExpected) {
  await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(packages.length));
  for (const p of packages) {
    const radio = screen.getByRole("radio", { name: h.t(`packages.names.${p.code}`) }) as HTMLInputElement;
    expect(radio.checked).toBe(p.id === expected.selectedPackageId);
    expect(radio.disabled).toBe(expected.creating);
  }
  // Pro is the merchant's package now; enterprise says unlimited.
  expect(screen.getByTestId("package-pro").textContent).toContain(
    h.t("orderPayment.currentUntil", { date: formatDate(subscription.expiresAt ?? "", "en-US") }),
  );
  expect(screen.getByTestId("package-enterprise").textContent).toContain(h.t("packageLimits.wallets.unlimited"));
  expect(screen.getByTestId("package-trial").textContent).toContain(h.t("orderPayment.termMany.day", { count: 7 }));
  expect(screen.getByTestId("balance").textContent).toContain(amount(balance.balance));
  // Pro is active: choosing it extends it, a higher one replaces it (its unused part credited), a lower one is refused.
  const rank = (id: string | null | undefined) => packages.findIndex((p) => p.id === id);
  const effect =
    expected.selectedPackageId === null
      ? null
      : h.t(
          expected.selectedPackageId === subscription.package?.id
            ? "orderPayment.upgradeExtend"
            : rank(expected.selectedPackageId) < rank(subscription.package?.id)
              ? "orderPayment.upgradeDowngrade"
              : "orderPayment.upgradeReplace",
        );
  expect(screen.queryByTestId("upgrade-effect")?.textContent ?? null).toBe(effect);
  const alerts = () => screen.queryAllByRole("alert").map((a) => a.textContent ?? "");
  const problems = [
    ...(Object.keys(expected.fieldErrors).length > 0 ? [h.t("validation.packageRequired")] : []),
    ...(expected.failure ? [pageWords(h, expected.failure)] : []),
  ];
  await waitFor(() => expect(alerts()).toEqual(problems));
  if (expected.failure) expectNotRepeated(h, expected.failure);
  expect(Boolean(screen.queryByRole("link", { name: h.t("orderPayment.goToMyOrders") }))).toBe(
    expected.failure?.errCode === "2204",
  );
  expect(Boolean(screen.queryByRole("button", { name: h.t("orderPayment.resume") }))).toBe(expected.resumable);
  await expectNoPayDialog();
  if (expected.creating) {
    await expectBusy(h.t("orderPayment.createOrder"));
    // The press asked the server once, for the chosen package.
    const created = h.fake.calls.slice(expected.callsAtCreate ?? 0).filter((c) => c.method === "orders.create");
    expect(created.map((c) => c.args[0])).toEqual([{ packageId: expected.selectedPackageId }]);
    return;
  }
  await waitFor(() => expect(button(h.t("orderPayment.createOrder")).disabled).toBe(false));
}

/** The pay dialog's title: what is bought, "Pay for Basic, 1 month"; the order's code is said under it. */
export function payDialogTitle(
  h: ConsoleHarness,
  order: { packageCode: string; packageName: string; termUnit: string; termCount: number },
) {
  const name = h.t(`packages.names.${order.packageCode}`, { defaultValue: order.packageName });
  const term = h.t(`orderPayment.${order.termCount === 1 ? "termOne" : "termMany"}.${order.termUnit}`, {
    count: order.termCount,
  });
  return h.t("orderPayment.dialogTitle", { name, term });
}
