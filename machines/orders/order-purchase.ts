import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import { type CreateOrderRequest, createOrderRequest, type Order } from "../../contracts/schemas/orders.ts";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";
import { isOpenOrder, type OrderPaymentOutput, orderPaymentMachine } from "./order-payment.ts";

/**
 * orderPurchase — buying a package on /order/buy (spec sections 2–5).
 *
 * The page loads the catalogue (the packages, the merchant's package now and the balance), lets the merchant choose
 * one package and creates its order. From there the order is paid in the pay dialog: this machine invokes
 * `orderPayment` (its child `payment`) for the order it created, or for the order it left open and the merchant
 * resumes. When the dialog closes the catalogue loads again and offers to continue paying an order still open.
 *
 * Its states and transitions, drawn and as plain steps, are in the model-test report (`npm run model-test`).
 */

export interface OrderPurchaseInput {
  /** The browser's clock (ms) when the page opens. */
  now: number;
}

/** What the buy page loads: the packages, what the merchant has now, and the balance. */
export interface Catalogue {
  packages: ServicePackage[];
  subscription: SubscriptionResult;
  balance: BalanceResult;
}

export interface OrderPurchaseContext {
  packages: ServicePackage[];
  subscription: SubscriptionResult | null;
  /** The merchant's balance (USDT); null until loaded. */
  balance: string | null;
  selectedPackageId: string | null;
  /** The create request's problems (i18n keys), e.g. no package chosen. */
  fieldErrors: FieldErrors;
  /** The order this page created, as its pay dialog last saw it: still open, it can be resumed. */
  order: Order | null;
  /**
   * The browser's clock (ms) the pay dialog starts from: when the page opened, when Create order was pressed, or when
   * the dialog last ticked. The dialog pairs it with the order's serverTime to follow the server's clock, so it must be
   * the time the order arrived (give or take the call), not when the page opened minutes before.
   */
  now: number;
  failure: Failure | null;
}

export type OrderPurchaseEvent =
  | { type: "catalogue.retry" }
  | { type: "package.select"; packageId: string }
  /** Create order pressed, at `now` on the browser's clock. */
  | { type: "order.create"; now: number }
  | { type: "order.resume" };

/** Tags the views read: something is loading, the create call is under way. */
export type OrderPurchaseTag = "loading" | "busy";

const packageSelectable = (context: OrderPurchaseContext, packageId: string) => {
  const found = context.packages.find((p) => p.id === packageId);
  return found !== undefined && (found.kind !== "trial" || context.subscription?.trialAvailable === true);
};

const createRequestOf = (context: OrderPurchaseContext) =>
  createOrderRequest.safeParse({ packageId: context.selectedPackageId ?? "" });

const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const orderPurchaseMachine = setup({
  types: {} as {
    context: OrderPurchaseContext;
    events: OrderPurchaseEvent;
    input: OrderPurchaseInput;
    tags: OrderPurchaseTag;
    children: { payment: "orderPayment" };
  },
  actors: {
    loadCatalogue: fromPromise<Catalogue>(async () => {
      throw new Error("loadCatalogue is provided by the app");
    }),
    createOrder: fromPromise<Order, CreateOrderRequest>(async () => {
      throw new Error("createOrder is provided by the app");
    }),
    /** The pay dialog of the order; the app provides it with its effects bound. */
    orderPayment: orderPaymentMachine,
  },
  actions: {
    rememberCatalogue: assign(({ context }, catalogue: Catalogue) => ({
      packages: catalogue.packages,
      subscription: catalogue.subscription,
      balance: catalogue.balance.balance,
      failure: null,
      selectedPackageId:
        context.selectedPackageId && catalogue.packages.some((p) => p.id === context.selectedPackageId)
          ? context.selectedPackageId
          : null,
    })),
    selectPackage: assign((_, params: { packageId: string }) => ({
      selectedPackageId: params.packageId,
      fieldErrors: {},
      failure: null,
    })),
    showRequestProblems: assign(({ context }) => ({ fieldErrors: fieldErrorsOf(createRequestOf(context)) })),
    clearProblems: assign({ fieldErrors: {}, failure: null }),
    rememberClock: assign((_, params: { now: number }) => ({ now: params.now })),
    rememberOrder: assign((_, params: { order: Order }) => ({ order: params.order })),
    // The dialog hands back the order as it last saw it, and its clock.
    rememberPayment: assign((_, output: OrderPaymentOutput) => ({ order: output.order, now: output.now })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: toFailure(params.error) })),
  },
  guards: {
    hasOpenOrder: ({ context }) => isOpenOrder(context.order),
    selectable: ({ context, event }) => event.type === "package.select" && packageSelectable(context, event.packageId),
    orderRequestValid: ({ context }) => createRequestOf(context).success,
    hasPackages: (_, { output }: { output: Catalogue }) => output.packages.length > 0,
  },
}).createMachine({
  id: "orderPurchase",
  context: ({ input }) => ({
    packages: [],
    subscription: null,
    balance: null,
    selectedPackageId: null,
    fieldErrors: {},
    order: null,
    now: input.now,
    failure: null,
  }),
  initial: "loadingCatalogue",
  states: {
    loadingCatalogue: {
      tags: ["loading"],
      invoke: {
        id: "loadCatalogue",
        src: "loadCatalogue",
        onDone: [
          {
            guard: { type: "hasPackages", params: ({ event }) => ({ output: event.output }) },
            target: "choosing",
            actions: { type: "rememberCatalogue", params: ({ event }) => event.output },
          },
          // Nothing on offer: shown like a failure without a cause, with a retry.
          { target: "catalogueFailed", actions: { type: "rememberCatalogue", params: ({ event }) => event.output } },
        ],
        onError: { target: "catalogueFailed", actions: { type: "rememberFailure", params: failureOf } },
      },
    },
    catalogueFailed: {
      on: { "catalogue.retry": "loadingCatalogue" },
    },
    choosing: {
      on: {
        "package.select": {
          guard: "selectable",
          actions: { type: "selectPackage", params: ({ event }) => ({ packageId: event.packageId }) },
        },
        "order.create": [
          {
            guard: "orderRequestValid",
            target: "creating",
            actions: ["clearProblems", { type: "rememberClock", params: ({ event }) => ({ now: event.now }) }],
          },
          { actions: "showRequestProblems" },
        ],
        "order.resume": { guard: "hasOpenOrder", target: "paying" },
      },
    },
    creating: {
      tags: ["busy"],
      invoke: {
        id: "createOrder",
        src: "createOrder",
        input: ({ context }) => ({ packageId: context.selectedPackageId ?? "" }),
        // A trial is paid at once: the dialog shows that.
        onDone: {
          target: "paying",
          actions: { type: "rememberOrder", params: ({ event }) => ({ order: event.output }) },
        },
        onError: { target: "choosing", actions: { type: "rememberFailure", params: failureOf } },
      },
    },
    // The order exists (created, or resumed while open): its pay dialog runs until the merchant closes it.
    paying: {
      invoke: {
        id: "payment",
        src: "orderPayment",
        // Reached only with an order: created, or resumed [hasOpenOrder].
        input: ({ context }) => ({ now: context.now, order: context.order as Order }),
        onDone: {
          target: "loadingCatalogue",
          actions: { type: "rememberPayment", params: ({ event }) => event.output },
        },
      },
    },
  },
});

export type OrderPurchaseActor = ActorRefFrom<typeof orderPurchaseMachine>;
