import { fromCallback, fromPromise } from "xstate";
import { orderListArea } from "../../../machines/orders/order-list.ts";
import { orderPaymentMachine } from "../../../machines/orders/order-payment.ts";
import { orderPurchaseMachine } from "../../../machines/orders/order-purchase.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** What the page around the pay flow does for it. */
export interface OrderPaymentPage {
  /** "Go to my orders?" answered yes. */
  goToOrders(): void;
  /** The dialog opened for an existing order has closed. */
  closeDialog(): void;
}

/** Buying (the buy page) with its effects bound to the API; the order's pay dialog runs as its child. */
export const provideOrderPurchase = (
  { api, timers }: Uses<"timers", "orders" | "currencies" | "wallet" | "account">,
  page: Pick<OrderPaymentPage, "goToOrders">,
) =>
  orderPurchaseMachine.provide({
    actors: {
      loadCatalogue: fromPromise(async () => {
        const [packages, subscription, balance] = await Promise.all([
          api.orders.packages(),
          api.orders.subscription(),
          api.account.balance(),
        ]);
        return { packages, subscription, balance };
      }),
      createOrder: fromPromise(({ input }) => api.orders.create(input)),
      // The buy page stays when the dialog closes: it shows its catalogue again.
      orderPayment: provideOrderPayment({ api, timers }, { ...page, closeDialog: () => {} }),
    },
  });

/** Paying an order with its effects bound to the API, the live order stream and the injectable timers. */
export const provideOrderPayment = (
  { api, timers }: Uses<"timers", "orders" | "currencies" | "wallet" | "account">,
  page: OrderPaymentPage,
) =>
  orderPaymentMachine.provide({
    actors: {
      loadPayOptions: fromPromise(async () => {
        const [chains, balance] = await Promise.all([api.currencies.list(), api.account.balance()]);
        return { chains, balance };
      }),
      loadAddress: fromPromise(({ input }) => api.wallet.userWallet({ product: input.product })),
      finishPay: fromPromise(({ input }) => api.orders.finishPay(input)),
      payFromBalance: fromPromise(({ input }) => api.orders.payFromBalance(input)),
      devPay: fromPromise(({ input }) => api.currencies.devPay(input)),
      cancelOrder: fromPromise(({ input }) => api.orders.cancel(input)),
      loadDetail: fromPromise(({ input }) => api.orders.detail(input)),
      pollOrder: fromPromise(({ input }) => api.orders.detail(input)),
      watchOrder: fromCallback(({ input, sendBack }) =>
        api.orders.watch(input, {
          onEvent: (order) => sendBack({ type: "order.updated", order }),
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

/** My orders' machines with their effects bound to the API. */
export const provideOrderList = ({ api }: Uses<never, "orders">) =>
  provideList(orderListArea, {
    loadPage: (request) => api.orders.list(request),
    loadDetail: (orderCode) => api.orders.detail({ orderCode }),
  });

/** My orders' CSV export: the file of the list's filters, then handed to the browser to save. */
export const provideOrderExport = ({ api, saveFile }: Uses<"saveFile", "orders">) =>
  provideListExport(orderListArea, api.orders.export, saveFile);
