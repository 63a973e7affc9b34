import { fromCallback, fromPromise } from "xstate";
import { orderListMachine } from "../../../machines/orders/order-list.ts";
import { orderPaymentMachine } from "../../../machines/orders/order-payment.ts";
import { orderPurchaseMachine } from "../../../machines/orders/order-purchase.ts";
import type { Services } from "../../app/services.ts";

/** What the page around the pay flow does for it. */
export interface OrderPaymentPage {
  /** "Go to my orders?" answered yes. */
  goToOrders(): void;
  /** The dialog opened for an existing order has closed. */
  closeDialog(): void;
}

/** Buying (the buy page) with its effects bound to the API; the order's pay dialog runs as its child. */
export const provideOrderPurchase = ({ api, timers }: Services, page: Pick<OrderPaymentPage, "goToOrders">) =>
  orderPurchaseMachine.provide({
    actors: {
      loadCatalogue: fromPromise(async () => {
        const [packages, subscription, balance] = await Promise.all([
          api.packageList(),
          api.subscription(),
          api.balance(),
        ]);
        return { packages, subscription, balance };
      }),
      createOrder: fromPromise(({ input }) => api.orderCreate(input)),
      // The buy page stays when the dialog closes: it shows its catalogue again.
      orderPayment: provideOrderPayment({ api, timers }, { ...page, closeDialog: () => {} }),
    },
  });

/** Paying an order with its effects bound to the API, the live order stream and the injectable timers. */
export const provideOrderPayment = ({ api, timers }: Pick<Services, "api" | "timers">, page: OrderPaymentPage) =>
  orderPaymentMachine.provide({
    actors: {
      loadPayOptions: fromPromise(async () => {
        const [chains, balance] = await Promise.all([api.payChains(), api.balance()]);
        return { chains, balance };
      }),
      loadAddress: fromPromise(({ input }) => api.userWallet(input.product)),
      finishPay: fromPromise(({ input }) => api.orderFinishPay(input)),
      payFromBalance: fromPromise(({ input }) => api.orderPayFromBalance(input)),
      devPay: fromPromise(({ input }) => api.devPay(input)),
      cancelOrder: fromPromise(({ input }) => api.orderCancel(input)),
      loadDetail: fromPromise(({ input }) => api.orderDetail(input)),
      pollOrder: fromPromise(({ input }) => api.orderDetail(input)),
      watchOrder: fromCallback(({ input, sendBack }) =>
        api.watchOrder(input.orderCode, {
          onOrder: (order) => sendBack({ type: "order.updated", order }),
          onError: () => sendBack({ type: "order.streamFailed" }),
        }),
      ),
      // Ticks once at once, so a dialog opened long after the page starts counting from the right time.
      clock: fromCallback(({ sendBack }) => {
        const tick = () => sendBack({ type: "clock.tick", now: Date.now() });
        tick();
        return timers.every(1000, tick);
      }),
    },
    actions: {
      goToOrders: () => page.goToOrders(),
      closeDialog: () => page.closeDialog(),
    },
  });

/** The actor's clock for the status poll (`after`): the same injectable timers as the countdown, so tests step both by hand. */
export const orderPaymentClock = ({ timers }: Services) => ({
  setTimeout: (fire: () => void, ms: number) => {
    const stop = timers.every(ms, () => {
      stop();
      fire();
    });
    return stop;
  },
  clearTimeout: (stop: () => void) => stop(),
});

/** My orders' machines with their effects bound to the API. */
export const provideOrderList = ({ api }: Services) =>
  orderListMachine.provide({
    actors: {
      loadOrders: fromPromise(({ input }) => api.orderList(input)),
      loadOrderDetail: fromPromise(({ input }) => api.orderDetail(input)),
    },
  });
