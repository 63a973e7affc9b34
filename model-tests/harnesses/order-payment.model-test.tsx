// @vitest-environment happy-dom
import { amountLeft, isPositiveAmount, parseAmount } from "../../contracts/money.ts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { expect, vi } from "vitest";
import type { Order } from "../../contracts/schemas/orders.ts";
import {
  chosenChain,
  isOpenOrder,
  type OrderPaymentInput,
  orderPollMs,
  secondsLeft,
} from "../../machines/orders/order-payment.ts";
import { ApiError } from "../../src/api/api-error.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { AppFrame } from "../../src/app/app.tsx";
import { OrderPayDialog } from "../../src/features/orders/order-pay-dialog.tsx";
import { formatClock } from "../../src/i18n/format.ts";
import { pressEscapeIn } from "../framework/escape.ts";
import { createControlledApi } from "../framework/fake-api.ts";
import type { ModelSnapshot } from "../framework/model.ts";
import { renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { balance, catalogue, type payOptions, receivingAddress, visitorStart } from "../models/order-fixtures.ts";
import { orderPaymentModel, pollEvent } from "../models/order-payment.model.ts";
import { expectBusy, expectNotRepeated, pageWords } from "./form-steps.ts";
import {
  amount,
  button,
  expectCatalogue,
  expectNoPayDialog,
  type OrderPageHarness,
  orderPageAnswers,
  packageName,
  loadSettlingApi,
  payDialogTitle,
  timersByInterval,
  type Watch,
} from "./order-pages.ts";

type S = ModelSnapshot<typeof orderPaymentModel.machine>;
type H = OrderPageHarness & {
  fire(ms: number): void;
  tickers(ms: number): number;
  /** Opened from My orders: the dialog sits on a page of its own. Otherwise the buy page created the order. */
  fromOrders: boolean;
  leftForOrders: boolean;
  /** How many calls the console had made when the step began, and the state the last step ended in. */
  stepCalls: number;
  previous: S | null;
  /** Per busy screen (`entered`): the calls made when the dialog entered it, its own calls read from there. */
  enteredAt: Map<string, number>;
};

/** My orders as far as the dialog needs it: it mounts the dialog for an order and unmounts it on close. */
function OrdersHost({ order, intent }: { order: Order; intent: "pay" | "cancel" }) {
  const [open, setOpen] = useState(true);
  const { pathname } = useLocation();
  return (
    <>
      <output data-testid="host-location">{pathname}</output>
      {open ? (
        <OrderPayDialog order={order} intent={intent} onClose={() => setOpen(false)} />
      ) : (
        <p data-testid="host-closed">My orders</p>
      )}
    </>
  );
}

const titleOf = (h: H, s: S) => payDialogTitle(h, s.context.order);
const payDialog = (h: H, s: S) => screen.getByRole("dialog", { name: titleOf(h, s) });
const latestWatch = (h: H) => {
  const watch = h.watches.at(-1);
  expect(watch, "the dialog follows the order live").toBeTruthy();
  return watch as Watch;
};
const inScreen = (s: S, screenName: string) => s.matches({ open: { screen: screenName } } as never);

/** The screens and feed states that make a call as the dialog enters them. */
const calling: Record<string, (s: S) => boolean> = {
  loadingChains: (s) => inScreen(s, "loadingChains"),
  loadingAddress: (s) => inScreen(s, "loadingAddress"),
  finishing: (s) => inScreen(s, "finishing"),
  payingFromBalance: (s) => inScreen(s, "payingFromBalance"),
  devPaying: (s) => inScreen(s, "devPaying"),
  cancelling: (s) => inScreen(s, "cancelling"),
  detail: (s) =>
    s.matches({ open: { feed: { live: "loadingDetail" } } }) || s.matches({ open: { feed: { polling: "checking" } } }),
};
/** The calls of `method` made since the dialog entered the state `calling[name]` tells (not since the console started). */
const callsSince = (h: H, name: string, method: string) =>
  h.fake.calls.slice(h.enteredAt.get(name) ?? 0).filter((c) => c.method === method);

runModel(orderPaymentModel, {
  async start(path) {
    // The merchant's clock: the dialog reads Date.now() when it opens and on every countdown tick.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(visitorStart);
    const input = path.input as OrderPaymentInput;
    const watches: Watch[] = [];
    const fake = createControlledApi(
      {
        loadPayOptions: "currencies.list",
        loadAddress: "wallet.userWallet",
        finishPay: "orders.finishPay",
        payFromBalance: "orders.payFromBalance",
        devPay: "currencies.devPay",
        cancelOrder: "orders.cancel",
        loadDetail: "orders.detail",
        pollOrder: "orders.detail",
      },
      {
        ...orderPageAnswers(watches),
        // The buy page's catalogue and its create call (orderPurchase's model walks them) lead to the path's order.
        "orders.packages": async () => catalogue.packages,
        "orders.create": async () => input.order,
      },
    );
    const extra = {
      fake,
      watches,
      fromOrders: Boolean(input.intent),
      leftForOrders: false,
      stepCalls: 0,
      previous: null,
      enteredAt: new Map<string, number>(),
    };
    if (!input.intent) {
      const h = await renderConsole({
        url: "/order/buy",
        api: fake.api,
        storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
      });
      // A lazily loaded route: its chunk may take more than a second while other work shares the cores.
      await screen.findByRole("heading", { name: h.t("orderPayment.buyTitle") }, { timeout: 5000 });
      const timers = timersByInterval(h.timers);
      await h.user.click(await screen.findByRole("radio", { name: packageName(h, input.order.packageId) }));
      await h.user.click(button(h.t("orderPayment.createOrder")));
      return Object.assign(h, extra, timers);
    }
    // My orders opens the dialog for an order; the console around it is the public home page (no calls).
    const h = Object.assign(await renderConsole({ url: "/home", api: fake.api }), extra);
    const timers = timersByInterval(h.timers);
    render(
      <AppFrame services={h.services} i18n={h.i18n}>
        <MemoryRouter initialEntries={["/order/list"]}>
          <OrdersHost order={input.order} intent={input.intent === "cancel" ? "cancel" : "pay"} />
        </MemoryRouter>
      </AppFrame>,
    );
    return Object.assign(h, timers);
  },
  // The pay options are several calls: the path's answer settles the one that waits.
  fakeApi: (h: H) =>
    loadSettlingApi(h, "loadPayOptions", "currencies.list", (output) => (output as typeof payOptions).chains),
  async perform(h: H, e) {
    switch (e.type) {
      case "order.retry":
        return h.user.click(
          within(screen.getByRole("dialog")).getByRole("button", { name: h.t("orderPayment.retry") }),
        );
      case "order.chain":
        return h.user.selectOptions(
          within(screen.getByRole("dialog")).getByLabelText(h.t("orderPayment.network")),
          e.product,
        );
      case "order.finishPay":
        return h.user.click(button(h.t("orderPayment.finishPay")));
      case "order.payFromBalance":
        return h.user.click(button(h.t("orderPayment.payFromBalance", { amount: amount(balance.balance) })));
      case "order.devPay":
        return h.user.click(button(h.t("orderPayment.devPay")));
      case "order.cancel":
        return h.user.click(button(h.t("orderPayment.cancelOrder")));
      case "order.cancelConfirm":
        return h.user.click(
          within(screen.getByRole("alertdialog")).getByRole("button", { name: h.t("orderPayment.cancelConfirm") }),
        );
      case "order.cancelDismiss":
        // The keyboard way out of the confirmation.
        return pressEscapeIn(h.user, screen.getByRole("alertdialog"));
      case "order.close": {
        const question = screen.queryByRole("alertdialog");
        if (question)
          return h.user.click(
            within(question).getByRole("button", {
              name: h.t(h.fromOrders ? "orderPayment.close" : "orderPayment.goToOrdersNo"),
            }),
          );
        return h.user.click(
          within(screen.getByRole("dialog")).getByRole("button", { name: h.t("orderPayment.close") }),
        );
      }
      case "order.goToOrders":
        await h.user.click(
          within(screen.getByRole("alertdialog")).getByRole("button", { name: h.t("orderPayment.goToOrdersYes") }),
        );
        h.leftForOrders = true;
        if (h.fromOrders)
          await waitFor(() => expect(screen.getByTestId("host-location").textContent).toBe("/order/list"));
        else await waitFor(() => expect(h.location()).toBe("/order/list"));
        return;
      case "order.updated": {
        const watch = latestWatch(h);
        expect(watch.stopped).toBe(false);
        expect(watch.orderCode).toBe(e.order.orderCode);
        return act(() => watch.handlers.onEvent(e.order));
      }
      case "order.streamFailed": {
        const watch = latestWatch(h);
        return act(() => watch.handlers.onError(new ApiError("transport", "network", "The live order status ended")));
      }
      case "clock.tick":
        vi.setSystemTime(e.now);
        return act(() => h.fire(1000));
      case pollEvent.type:
        return act(() => h.fire(orderPollMs));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    for (const [name, entered] of Object.entries(calling))
      if (entered(s) && !(h.previous && entered(h.previous))) h.enteredAt.set(name, h.stepCalls);
    h.previous = s;
    const { context } = s;
    const open = s.matches("open");
    // The live status and the countdown run exactly while the order's dialog is open.
    await waitFor(() => expect(h.tickers(1000)).toBe(open && !h.leftForOrders ? 1 : 0));
    expect(h.watches.filter((w) => !w.stopped).length).toBe(open && s.matches({ open: { feed: "live" } }) ? 1 : 0);
    expect(h.tickers(orderPollMs)).toBe(s.matches({ open: { feed: { polling: "pause" } } }) ? 1 : 0);

    if (s.matches("closed")) {
      if (h.fromOrders) {
        await screen.findByTestId("host-closed");
        return expectNoPayDialog();
      }
      // Gone to My orders: the buy page has closed (its reload started before it did).
      if (h.leftForOrders)
        return waitFor(() => expect(screen.queryByRole("heading", { name: h.t("orderPayment.buyTitle") })).toBeNull());
      // The buy page shows its catalogue again, offering to continue paying an order still open.
      return expectCatalogue(h, {
        selectedPackageId: context.order.packageId,
        fieldErrors: {},
        failure: null,
        creating: false,
        resumable: isOpenOrder(context.order),
      });
    }
    if (s.matches("paid")) {
      const question = await screen.findByRole("alertdialog");
      // Asked only away from My orders (the buy page); on My orders the notice says it is paid, with Close alone.
      const asks = context.intent === null;
      expect(question.textContent?.includes(h.t("orderPayment.paidQuestion"))).toBe(asks);
      expect(Boolean(within(question).queryByRole("button", { name: h.t("orderPayment.goToOrdersYes") }))).toBe(asks);
      // A free trial started: nothing was paid, so the question never says "Payment complete".
      const free = context.order.payType === "free";
      const name = h.t(`packages.names.${context.order.packageCode}`);
      expect(question.textContent).toContain(
        h.t(free ? "orderPayment.trialStartedTitle" : "orderPayment.paidTitle", { name }),
      );
      if (free) expect(question.textContent).not.toContain(h.t("orderPayment.paidTitle", { name }));
      return waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    if (s.matches("failed") || s.matches("cancelled")) {
      const failed = s.matches("failed");
      await waitFor(() =>
        expect(within(payDialog(h, s)).getByTestId("pay-outcome").textContent).toContain(
          h.t(failed ? "orderPayment.failedTitle" : "orderPayment.cancelledTitle"),
        ),
      );
      // The cancel confirmation has gone (it may still be fading out).
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      return;
    }
    return expectOpen(h, s);
  },
  stop: (h) => {
    h.cleanup();
    vi.useRealTimers();
  },
});

async function expectOpen(h: H, s: S) {
  const { context } = s;
  const dialog = await screen.findByRole("dialog", { name: titleOf(h, s) });
  const inDialog = within(dialog);
  expect(inDialog.getByTestId("pay-summary").textContent).toBe(
    h.t("orderPayment.summary", {
      name: h.t(`packages.names.${context.order?.packageCode}`),
      amount: amount(context.order?.amount ?? "0"),
    }),
  );
  // The order replaces the merchant's Pro package: the dialog says so while it is open, and an upgrade's credit with
  // the price and what is due after it, before paying.
  expect(inDialog.getByTestId("pay-upgrade").textContent).toBe(h.t("orderPayment.upgradeReplace"));
  const credited = context.order && isPositiveAmount(context.order.credit) ? context.order : null;
  expect(inDialog.queryByTestId("pay-credit")?.textContent ?? null).toBe(
    credited
      ? [
          h.t("orderPayment.price"),
          amount(credited.price),
          h.t("orderPayment.credit"),
          `− ${amount(credited.credit)}`,
          h.t("orderPayment.due"),
          amount(credited.amount),
        ].join("")
      : null,
  );
  const busy = ["finishing", "payingFromBalance", "devPaying", "cancelling"].some((name) => inScreen(s, name));
  const close = inDialog.getByRole("button", { name: h.t("orderPayment.close") }) as HTMLButtonElement;
  await waitFor(() => expect(close.disabled).toBe(busy || inScreen(s, "confirmingCancel")));

  if (inScreen(s, "loadingChains")) {
    await inDialog.findByLabelText(h.t("orderPayment.loadingPayment"));
    await waitFor(() => expect(callsSince(h, "loadingChains", "currencies.list").length).toBeGreaterThan(0));
    return;
  }
  if (inScreen(s, "loadingAddress")) {
    await inDialog.findByLabelText(h.t("orderPayment.loadingPayment"));
    await waitFor(() =>
      expect(callsSince(h, "loadingAddress", "wallet.userWallet").at(-1)?.args[0]).toEqual({
        product: context.product,
      }),
    );
    return;
  }
  if (inScreen(s, "chainsFailed") || inScreen(s, "addressFailed")) {
    const chains = inScreen(s, "chainsFailed");
    await waitFor(() =>
      expect(inDialog.getByRole("alert").textContent).toContain(
        h.t(chains ? "orderPayment.chainsFailed" : "orderPayment.addressFailed"),
      ),
    );
    const why = context.failure ? pageWords(h, context.failure) : h.t("orderPayment.noChains");
    expect(inDialog.getByRole("alert").textContent).toContain(why);
    if (context.failure) expectNotRepeated(h, context.failure);
    expect(Boolean(inDialog.queryByLabelText(h.t("orderPayment.network")))).toBe(!chains);
    return;
  }
  if (inScreen(s, "confirmingCancel") || inScreen(s, "cancelling")) {
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain(h.t("orderPayment.cancelQuestion", { code: context.order?.orderCode ?? "" }));
    if (inScreen(s, "cancelling")) {
      await expectBusy(h.t("orderPayment.cancelConfirm"));
      expect(callsSince(h, "cancelling", "orders.cancel").at(-1)?.args[0]).toEqual({
        orderCode: context.order?.orderCode,
      });
    }
    return;
  }
  return expectPayPanel(h, s, dialog);
}

async function expectPayPanel(h: H, s: S, dialog: HTMLElement) {
  const { context } = s;
  const inDialog = within(dialog);
  const order = context.order as Order;
  const chain = chosenChain(context);
  await waitFor(() =>
    expect((inDialog.getByLabelText(h.t("orderPayment.network")) as HTMLSelectElement).value).toBe(context.product),
  );
  // What is still to send: the amount less what is confirmed and what is seen confirming (never the whole again).
  const toSend = amountLeft(order.remaining, order.confirming);
  if (isPositiveAmount(toSend)) {
    await waitFor(() => expect(inDialog.getByTestId("pay-address").textContent).toBe(receivingAddress));
    expect(inDialog.getByTestId("pay-amount").textContent).toBe(amount(toSend));
    // The QR code is the EIP-681 request for what is still to send, in the token's base units.
    const uri = `ethereum:${chain?.token.address}@${chain?.chainId}/transfer?address=${receivingAddress}&uint256=${parseAmount(toSend, chain?.token.decimals ?? 0, { rounding: "up" })}`;
    expect(inDialog.getByTestId("pay-qr").getAttribute("data-value")).toBe(uri);
    expect(
      inDialog.getByRole("img", { name: h.t("orderPayment.qrLabel", { address: receivingAddress }) }),
    ).toBeTruthy();
  } else {
    // Nothing to send: no address, amount or QR code to pay again from.
    await waitFor(() =>
      expect(inDialog.getByTestId("pay-nothing-owed").textContent).toBe(h.t("orderPayment.nothingOwed")),
    );
    expect(inDialog.queryByTestId("pay-address")).toBeNull();
    expect(inDialog.queryByTestId("pay-qr")).toBeNull();
  }
  // While a transfer confirms, the dialog says why nothing else may be paid.
  const waitConfirming = inDialog.queryByTestId("pay-wait-confirming");
  expect(waitConfirming?.textContent ?? null).toBe(
    isPositiveAmount(order.confirming)
      ? h.t("orderPayment.waitConfirming", { amount: amount(order.confirming) })
      : null,
  );
  // Every network is offered in its USDT only, and the warning says a network's own coin is not credited.
  const networks = inDialog.getByLabelText(h.t("orderPayment.network")) as HTMLSelectElement;
  expect([...networks.options].every((o) => o.textContent?.includes(" · USDT "))).toBe(true);
  if (isPositiveAmount(toSend) && chain)
    expect(dialog.querySelector(".pay-warning")?.textContent).toBe(
      h.t("orderPayment.exactToken", {
        symbol: chain?.token.symbol ?? "",
        network: chain?.product ?? "",
        contract: chain?.token.address ?? "",
      }),
    );
  if (secondsLeft(context) > 0)
    await waitFor(() =>
      expect(inDialog.getByTestId("pay-countdown").textContent).toBe(formatClock(secondsLeft(context))),
    );
  else
    await waitFor(() =>
      expect(inDialog.getByTestId("pay-window-closed").textContent).toBe(h.t("orderPayment.windowClosed")),
    );

  // Each way to pay shows when it applies and can be pressed when the machine accepts it.
  const offer = (name: string, shown: boolean, can: boolean) => {
    const found = inDialog.queryByRole("button", { name }) as HTMLButtonElement | null;
    expect(Boolean(found), `${name} shown`).toBe(shown);
    if (found) expect(found.disabled, `${name} disabled`).toBe(!can);
  };
  const busy = ["finishing", "payingFromBalance", "devPaying"].find((name) => inScreen(s, name));
  await waitFor(() => {
    if (busy !== "finishing")
      offer(
        h.t("orderPayment.finishPay"),
        order.status === "pending" || (order.status === "waiting" && !context.finishPressed),
        s.can({ type: "order.finishPay" }),
      );
    if (busy !== "payingFromBalance")
      offer(
        h.t("orderPayment.payFromBalance", { amount: amount(balance.balance) }),
        true,
        s.can({ type: "order.payFromBalance" }),
      );
    if (busy !== "devPaying")
      offer(h.t("orderPayment.devPay"), chain?.devnet === true, s.can({ type: "order.devPay" }));
    offer(h.t("orderPayment.cancelOrder"), true, s.can({ type: "order.cancel" }));
  });
  if (busy === "finishing") {
    await expectBusy(h.t("orderPayment.finishPay"));
    expect(callsSince(h, "finishing", "orders.finishPay").at(-1)?.args[0]).toEqual({ orderCode: order.orderCode });
  }
  if (busy === "payingFromBalance") {
    await expectBusy(h.t("orderPayment.payFromBalance", { amount: amount(balance.balance) }));
    expect(callsSince(h, "payingFromBalance", "orders.payFromBalance").at(-1)?.args[0]).toEqual({
      orderCode: order.orderCode,
    });
  }
  if (busy === "devPaying") {
    await expectBusy(h.t("orderPayment.devPay"));
    expect(callsSince(h, "devPaying", "currencies.devPay").at(-1)?.args[0]).toEqual({
      orderCode: order.orderCode,
      product: context.product,
    });
  }

  const alerts = () => inDialog.queryAllByRole("alert").map((a) => a.textContent ?? "");
  await waitFor(() => expect(alerts()).toEqual(context.failure ? [pageWords(h, context.failure)] : []));
  if (context.failure) expectNotRepeated(h, context.failure);
  if (context.devPayment) {
    expect(inDialog.getByTestId("dev-payment").textContent).toBe(
      h.t("orderPayment.devPaymentSent", {
        amount: amount(context.devPayment.amount),
        hash: context.devPayment.txHash,
      }),
    );
  } else expect(inDialog.queryByTestId("dev-payment")).toBeNull();

  // Waiting: the server is checking; what it has seen, how far it is confirmed, and whether the status comes live.
  if (order.status !== "waiting") return expect(inDialog.queryByTestId("pay-progress")).toBeNull();
  const polling = s.matches({ open: { feed: "polling" } });
  await waitFor(() =>
    expect(inDialog.getByTestId("pay-feed").textContent).toBe(
      h.t(polling ? "orderPayment.pollingStatus" : "orderPayment.liveStatus"),
    ),
  );
  expect(inDialog.getByTestId("pay-received").textContent).toBe(
    h.t("orderPayment.progressFigures", {
      received: amount(order.received),
      confirming: amount(order.confirming),
      toSend: amount(amountLeft(order.remaining, order.confirming)),
    }),
  );
  const transfers = context.detail?.transfers ?? [];
  await waitFor(() => expect(inDialog.queryAllByTestId("pay-transfer")).toHaveLength(transfers.length));
  for (const [i, t] of transfers.entries()) {
    expect(inDialog.getAllByTestId("pay-transfer")[i]?.textContent).toContain(
      h.t("orderPayment.confirmations", { n: t.confirmations, required: t.required }),
    );
  }
  if (transfers.length === 0)
    expect(inDialog.getByTestId("pay-no-transfer").textContent).toBe(h.t("orderPayment.noTransferYet"));
  if (
    s.matches({ open: { feed: { live: "loadingDetail" } } }) ||
    s.matches({ open: { feed: { polling: "checking" } } })
  ) {
    await waitFor(() =>
      expect(callsSince(h, "detail", "orders.detail").at(-1)?.args[0]).toEqual({ orderCode: order.orderCode }),
    );
  }
}
