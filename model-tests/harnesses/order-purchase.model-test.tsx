// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { createControlledApi } from "../framework/fake-api.ts";
import type { ModelSnapshot } from "../framework/model.ts";
import { renderConsole } from "../framework/render-console.tsx";
import { formatClock } from "../../src/i18n/format.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { type catalogue, payOptions, receivingAddress, visitorStart, wallet } from "../models/order-fixtures.ts";
import { orderPurchaseModel } from "../models/order-purchase.model.ts";
import {
  button,
  callsOf,
  expectCatalogue,
  type OrderPageHarness,
  orderPageAnswers,
  packageName,
  loadSettlingApi,
  payDialogTitle,
  timersByInterval,
  type Watch,
} from "./order-pages.ts";
import { expectNotRepeated, pageWords } from "./form-steps.ts";

type S = ModelSnapshot<typeof orderPurchaseModel.machine>;
/** `loads`: the catalogue asked for so far; `stepCalls`: the calls when the step began. */
type H = OrderPageHarness & { tickers(ms: number): number; loads: number; stepCalls: number };

const titleOf = (h: H, s: S) => (s.context.order ? payDialogTitle(h, s.context.order) : "");

runModel(orderPurchaseModel, {
  async start() {
    // The merchant's clock: the pay dialog reads Date.now() when it opens.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(visitorStart);
    const watches: Watch[] = [];
    // The pay dialog's own calls are answered at once: its steps are orderPayment's model.
    const fake = createControlledApi(
      { loadCatalogue: "orders.packages", createOrder: "orders.create" },
      {
        ...orderPageAnswers(watches),
        "currencies.list": async () => payOptions.chains,
        "wallet.userWallet": async ({ product }) => wallet(product),
      },
    );
    const h = await renderConsole({
      url: "/order/buy",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    // A lazily loaded route: its chunk may take more than a second while other work shares the cores.
    await screen.findByRole("heading", { name: h.t("orderPayment.buyTitle") }, { timeout: 5000 });
    return Object.assign(h, { fake, watches, loads: 0, stepCalls: 0 }, timersByInterval(h.timers));
  },
  // The catalogue is several calls: the path's answer settles the one that waits.
  fakeApi: (h: H) =>
    loadSettlingApi(h, "loadCatalogue", "orders.packages", (output) => (output as typeof catalogue).packages),
  async perform(h: H, e) {
    switch (e.type) {
      case "catalogue.retry":
        return h.user.click(button(h.t("orderPayment.retry")));
      case "package.select":
        return h.user.click(screen.getByRole("radio", { name: packageName(h, e.packageId) }));
      case "order.create":
        // The merchant's clock has moved on since the page opened.
        vi.setSystemTime(e.now);
        return h.user.click(button(h.t("orderPayment.createOrder")));
      case "order.resume":
        return h.user.click(button(h.t("orderPayment.resume")));
      // The pay dialog ends: "no" to the paid question, or the dialog's Close.
      case "xstate.done.actor.payment": {
        if (e.output.order.status === "paid")
          return h.user.click(
            within(await screen.findByRole("alertdialog")).getByRole("button", {
              name: h.t("orderPayment.goToOrdersNo"),
            }),
          );
        const close = within(screen.getByRole("dialog")).getByRole("button", { name: h.t("orderPayment.close") });
        return h.user.click(close);
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    // The dialog's countdown and live status run exactly while it shows an open order.
    const following = s.matches("paying") && context.order?.status === "pending";
    await waitFor(() => expect(h.tickers(1000)).toBe(following ? 1 : 0));
    expect(h.watches.filter((w) => !w.stopped).length).toBe(following ? 1 : 0);

    if (s.matches("loadingCatalogue")) {
      h.loads += 1;
      await waitFor(() => expect(callsOf(h, "orders.packages").length).toBe(h.loads));
      await screen.findByLabelText(h.t("orderPayment.loadingPackages"));
      return;
    }
    if (s.matches("catalogueFailed")) {
      if (context.failure) {
        await waitFor(() =>
          expect(screen.getByRole("alert").textContent).toContain(h.t("orderPayment.packagesFailed")),
        );
        expect(screen.getByRole("alert").textContent).toContain(pageWords(h, context.failure));
        expectNotRepeated(h, context.failure);
      } else await screen.findByText(h.t("orderPayment.noPackages"));
      expect(button(h.t("orderPayment.retry")).disabled).toBe(false);
      return;
    }
    if (s.matches("choosing") || s.matches("creating"))
      return expectCatalogue(h, {
        selectedPackageId: context.selectedPackageId,
        fieldErrors: context.fieldErrors,
        failure: context.failure,
        creating: s.matches("creating"),
        callsAtCreate: h.stepCalls,
        resumable: s.matches("choosing") && context.order?.status === "pending",
      });
    // Paying: the order's pay dialog over the cards (its own screens are orderPayment's model).
    if (context.order?.status === "paid") {
      const question = await screen.findByRole("alertdialog");
      expect(question.textContent).toContain(h.t("orderPayment.paidQuestion"));
      return;
    }
    const dialog = await screen.findByRole("dialog", { name: titleOf(h, s) });
    await waitFor(() => expect(within(dialog).getByTestId("pay-address").textContent).toBe(receivingAddress));
    // The whole window, counted from the order's creation: the clock has not ticked since the dialog opened.
    if (context.order?.status === "pending")
      expect(within(dialog).getByTestId("pay-countdown").textContent).toBe(formatClock(30 * 60));
    expect(button(h.t("orderPayment.createOrder")).disabled).toBe(true);
  },
  stop: (h) => {
    h.cleanup();
    vi.useRealTimers();
  },
});
