import { type ActorRefFrom, assign, type EventObject, fromCallback, fromPromise, raise, setup } from "xstate";
import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { DevPayRequest, DevPayResult, PayChain } from "../../contracts/schemas/currencies.ts";
import type { Order, OrderCodeRequest, OrderDetail } from "../../contracts/schemas/orders.ts";
import type { UserWalletResult } from "../../contracts/schemas/wallet.ts";
import { type Failure, toFailure } from "../api-failure.ts";
import { compareAmounts, isPositiveAmount } from "../../contracts/money.ts";

/**
 * orderPayment — paying one order and following it until it ends (spec sections 2–5).
 *
 * Two pages start it: the buy page (orderPurchase) for the order it has just created or the one it left open, and My
 * orders for an order of its list, with an intent ("pay", or "cancel" to open the cancel confirmation at once). An
 * order that has already ended shows how it ended. While the order is open the dialog runs two regions side by side:
 * `screen` (what the merchant sees and does: the chain, the address, Finish Pay, pay from balance, the dev wallet,
 * cancel) and `feed` (the order's live status: the server's event stream, or polling every 3 s once the stream has
 * failed). A clock ticks every second for the countdown, which follows the server's clock (skew = serverTime − the
 * browser's clock when an order arrived). Closing the dialog ends the machine; its output is the order as last seen.
 *
 * The server decides the order's fate: the window closing without the full amount makes it failed (unless a transfer
 * seen in time is still confirming), a short transfer leaves it waiting with `remaining` shown. The machine only
 * follows what the server says (answers, the stream, the polls), so the dialog never shows an outcome of its own.
 *
 * Its states and transitions, drawn and as plain steps, are in the model-test report (`npm run model-test`).
 */

export type OrderIntent = "pay" | "cancel";

export interface OrderPaymentInput {
  /** The browser's clock (ms) when the dialog opens. */
  now: number;
  order: Order;
  /** Why My orders opened the dialog; the buy page gives none (paying). */
  intent?: OrderIntent | null;
}

/** What the dialog hands back when it closes: the order as last seen (still open, the buy page offers to resume it). */
export interface OrderPaymentOutput {
  order: Order;
  now: number;
}

/** What the pay dialog loads: the chains to pay on (configured ones only) and the balance as it is now. */
export interface PayOptions {
  chains: PayChain[];
  balance: BalanceResult;
}

/** Each opening of the dialog is an actor of its own: the chains and the address are asked afresh every time. */
export interface OrderPaymentContext {
  intent: OrderIntent | null;
  /** The merchant's balance (USDT); null until loaded. */
  balance: string | null;
  order: Order;
  /** The order's transfers and confirmations (orderDetail), while it is checked. */
  detail: OrderDetail | null;
  chains: PayChain[];
  /** The chosen chain's product (Eth, Bsc, Devnet, …). */
  product: string | null;
  /** The merchant's receiving address on the chosen chain. */
  address: string | null;
  /** The last transfer sent from the devnet's dev wallet. */
  devPayment: DevPayResult | null;
  /**
   * Whether the server accepted the merchant's Finish Pay in this dialog. A transfer seen first moves the order to
   * waiting on its own; Finish Pay stays offered until accepted, so the button never vanishes under the hand reaching for it.
   */
  finishPressed: boolean;
  /** The browser's clock (ms), moved by clock.tick. */
  now: number;
  /** serverTime − the browser's clock when the order arrived: the countdown follows the server's clock. */
  skewMs: number;
  failure: Failure | null;
}

export type OrderPaymentEvent =
  | { type: "order.retry" }
  | { type: "order.chain"; product: string }
  | { type: "order.finishPay" }
  | { type: "order.payFromBalance" }
  | { type: "order.devPay" }
  | { type: "order.cancel" }
  | { type: "order.cancelConfirm" }
  | { type: "order.cancelDismiss" }
  | { type: "order.close" }
  | { type: "order.goToOrders" }
  | { type: "order.updated"; order: Order }
  | { type: "order.streamFailed" }
  | { type: "clock.tick"; now: number };

/** Tags the views read: the pay dialog shows, a call the merchant started is under way, something is loading. */
export type OrderPaymentTag = "payDialog" | "busy" | "loading";

/** Polling interval once the live stream has failed. */
export const orderPollMs = 3000;

const settledStatuses: ReadonlySet<Order["status"]> = new Set(["paid", "failed", "cancelled"]);
export const isOpenOrder = (order: Order | null | undefined): order is Order =>
  order?.status === "pending" || order?.status === "waiting";

/** Whole seconds left to pay, as the server's clock sees it; 0 once the window has closed. */
export function secondsLeft(context: Pick<OrderPaymentContext, "order" | "now" | "skewMs">): number {
  return Math.max(0, Math.ceil((Date.parse(context.order.expiresAt) - (context.now + context.skewMs)) / 1000));
}

/** The chain chosen to pay on. */
export const chosenChain = (context: Pick<OrderPaymentContext, "chains" | "product">): PayChain | null =>
  context.chains.find((chain) => chain.product === context.product) ?? null;

const orderCodeOf = ({ context }: { context: OrderPaymentContext }): OrderCodeRequest => ({
  orderCode: context.order.orderCode,
});

/** A transfer is seen and still confirming: nothing is offered that would pay again. */
export const confirmingNow = (context: Pick<OrderPaymentContext, "order">): boolean =>
  isPositiveAmount(context.order.confirming);

const stillToPay = (context: OrderPaymentContext) =>
  isPositiveAmount(context.order.remaining) && !confirmingNow(context) && secondsLeft(context) > 0;

const fresh = (order: Order, now: number) => ({ order, skewMs: Date.parse(order.serverTime) - now });

// Action parameters taken from the event.
const orderOf = ({ event }: { event: { order: Order } }) => ({ order: event.order });
const answeredOrder = ({ event }: { event: { output: Order } }) => ({ order: event.output });
const chainOf = ({ event }: { event: { product: string } }) => ({ product: event.product });
const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

// Transitions several states share, written once.

/** An order that has ended shows how it ended: when the dialog opens on it, and when the server says so later. */
const showEnded = [
  { guard: "orderPaid", target: "#orderPayment.paid" },
  { guard: "orderFailed", target: "#orderPayment.failed" },
  { guard: "orderCancelled", target: "#orderPayment.cancelled" },
] as const;

/** The dialog closes from every screen that is not waiting for a call the merchant started. */
const closes = { "order.close": "#orderPayment.closed" } as const;

/** What an open order offers, pending or waiting alike (Finish Pay aside: its condition differs). */
const openOrderOffers = {
  "order.chain": { guard: "otherChain", target: "loadingAddress", actions: { type: "chooseChain", params: chainOf } },
  "order.payFromBalance": { guard: "balanceCovers", target: "payingFromBalance", actions: "clearFailure" },
  "order.devPay": { guard: "devPayAvailable", target: "devPaying", actions: "clearFailure" },
  "order.cancel": { guard: "cancellable", target: "confirmingCancel", actions: "clearFailure" },
  "order.updated": { target: "following", actions: { type: "rememberOrder", params: orderOf } },
  ...closes,
} as const;

/** A call the merchant started was refused: the screen shows why, over what the order is now. */
const refused = { target: "following", actions: { type: "rememberFailure", params: failureOf } } as const;

// One file: the statechart is one `setup().createMachine()` definition, its states and transitions with the actions
// and guards they name, whose types XState infers from the whole (an action written apart loses them); its
// selectors and tests live beside it.
export const orderPaymentMachine = setup({
  types: {} as {
    context: OrderPaymentContext;
    events: OrderPaymentEvent;
    input: OrderPaymentInput;
    output: OrderPaymentOutput;
    tags: OrderPaymentTag;
  },
  actors: {
    loadPayOptions: fromPromise<PayOptions>(async () => {
      throw new Error("loadPayOptions is provided by the app");
    }),
    loadAddress: fromPromise<UserWalletResult, { product: string }>(async () => {
      throw new Error("loadAddress is provided by the app");
    }),
    finishPay: fromPromise<Order, OrderCodeRequest>(async () => {
      throw new Error("finishPay is provided by the app");
    }),
    payFromBalance: fromPromise<Order, OrderCodeRequest>(async () => {
      throw new Error("payFromBalance is provided by the app");
    }),
    devPay: fromPromise<DevPayResult, DevPayRequest>(async () => {
      throw new Error("devPay is provided by the app");
    }),
    cancelOrder: fromPromise<Order, OrderCodeRequest>(async () => {
      throw new Error("cancelOrder is provided by the app");
    }),
    loadDetail: fromPromise<OrderDetail, OrderCodeRequest>(async () => {
      throw new Error("loadDetail is provided by the app");
    }),
    pollOrder: fromPromise<OrderDetail, OrderCodeRequest>(async () => {
      throw new Error("pollOrder is provided by the app");
    }),
    /** The order's live status: sends order.updated on every change, order.streamFailed when the stream breaks. */
    watchOrder: fromCallback<EventObject, OrderCodeRequest>(() => () => undefined),
    clock: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: "clock.tick", now: Date.now() }), 1000);
      return () => clearInterval(timer);
    }),
  },
  delays: { orderPoll: orderPollMs },
  actions: {
    // Effects on the page; the app provides them.
    goToOrders: () => {},
    closeDialog: () => {},
    rememberOrder: assign(({ context }, params: { order: Order }) => fresh(params.order, context.now)),
    rememberPayOptions: assign((_, options: PayOptions) => ({
      chains: options.chains,
      balance: options.balance.balance,
      product: options.chains[0]?.product ?? null,
    })),
    rememberAddress: assign((_, wallet: UserWalletResult) => ({ address: wallet.address })),
    chooseChain: assign((_, params: { product: string }) => ({
      product: params.product,
      address: null,
      failure: null,
    })),
    rememberDetail: assign((_, detail: OrderDetail) => ({ detail })),
    relayOrder: raise((_, detail: OrderDetail) => ({ type: "order.updated" as const, order: detail })),
    rememberDevPayment: assign((_, devPayment: DevPayResult) => ({ devPayment })),
    rememberFinishPressed: assign({ finishPressed: true }),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: toFailure(params.error) })),
    clearFailure: assign({ failure: null }),
    advanceClock: assign((_, params: { now: number }) => ({ now: params.now })),
  },
  guards: {
    orderPaid: ({ context }) => context.order.status === "paid",
    orderFailed: ({ context }) => context.order.status === "failed",
    orderCancelled: ({ context }) => context.order.status === "cancelled",
    orderWaiting: ({ context }) => context.order.status === "waiting",
    cancelIntent: ({ context }) => context.intent === "cancel",
    // Opened from the buy page (no intent): My orders is elsewhere, so "go to my orders?" is asked there only.
    awayFromOrders: ({ context }) => context.intent === null,
    hasChains: (_, { output }: { output: PayOptions }) => output.chains.length > 0,
    knownChain: ({ context, event }) =>
      event.type === "order.chain" && context.chains.some((c) => c.product === event.product),
    otherChain: ({ context, event }) =>
      event.type === "order.chain" &&
      event.product !== context.product &&
      context.chains.some((c) => c.product === event.product),
    addressKnown: ({ context }) => context.address !== null,
    addressUnknown: ({ context }) => context.address === null,
    windowOpen: ({ context }) => secondsLeft(context) > 0,
    finishStillOffered: ({ context }) => !context.finishPressed && !confirmingNow(context) && secondsLeft(context) > 0,
    // The balance must cover everything still to pay (the server takes it all or nothing: 2206).
    balanceCovers: ({ context }) =>
      stillToPay(context) && context.balance !== null && compareAmounts(context.balance, context.order.remaining) >= 0,
    devPayAvailable: ({ context }) => stillToPay(context) && chosenChain(context)?.devnet === true,
    // A transfer still confirming cannot be cancelled (the server would answer 2209).
    cancellable: ({ context }) => isOpenOrder(context.order) && !isPositiveAmount(context.order.confirming),
    updateSettles: ({ event }) => event.type === "order.updated" && settledStatuses.has(event.order.status),
    updateWaiting: ({ event }) => event.type === "order.updated" && event.order.status === "waiting",
  },
}).createMachine({
  id: "orderPayment",
  context: ({ input }) => ({
    intent: input.intent ?? null,
    balance: null,
    order: input.order,
    detail: null,
    chains: [],
    product: null,
    address: null,
    devPayment: null,
    finishPressed: false,
    now: input.now,
    skewMs: Date.parse(input.order.serverTime) - input.now,
    failure: null,
  }),
  initial: "start",
  states: {
    start: {
      always: [...showEnded, { guard: "cancelIntent", target: "open.screen.confirmingCancel" }, { target: "open" }],
    },
    open: {
      type: "parallel",
      tags: ["payDialog"],
      invoke: { id: "clock", src: "clock" },
      on: { "clock.tick": { actions: { type: "advanceClock", params: ({ event }) => ({ now: event.now }) } } },
      states: {
        screen: {
          initial: "loadingChains",
          on: {
            // While a call or a load is under way, only an order that has ended changes the screen.
            "order.updated": [
              { guard: "updateSettles", target: ".following", actions: { type: "rememberOrder", params: orderOf } },
              { actions: { type: "rememberOrder", params: orderOf } },
            ],
          },
          states: {
            loadingChains: {
              tags: ["loading"],
              invoke: {
                id: "loadPayOptions",
                src: "loadPayOptions",
                onDone: [
                  {
                    guard: { type: "hasChains", params: ({ event }) => ({ output: event.output }) },
                    target: "loadingAddress",
                    actions: { type: "rememberPayOptions", params: ({ event }) => event.output },
                  },
                  {
                    target: "chainsFailed",
                    actions: { type: "rememberPayOptions", params: ({ event }) => event.output },
                  },
                ],
                onError: { target: "chainsFailed", actions: { type: "rememberFailure", params: failureOf } },
              },
              on: closes,
            },
            chainsFailed: {
              on: { "order.retry": { target: "loadingChains", actions: "clearFailure" }, ...closes },
            },
            loadingAddress: {
              tags: ["loading"],
              invoke: {
                id: "loadAddress",
                src: "loadAddress",
                input: ({ context }) => ({ product: context.product ?? "" }),
                onDone: {
                  target: "following",
                  actions: { type: "rememberAddress", params: ({ event }) => event.output },
                },
                onError: { target: "addressFailed", actions: { type: "rememberFailure", params: failureOf } },
              },
              on: closes,
            },
            addressFailed: {
              on: {
                "order.retry": { target: "loadingAddress", actions: "clearFailure" },
                "order.chain": {
                  guard: "knownChain",
                  target: "loadingAddress",
                  actions: { type: "chooseChain", params: chainOf },
                },
                ...closes,
              },
            },
            pending: {
              on: {
                "order.finishPay": { guard: "windowOpen", target: "finishing", actions: "clearFailure" },
                ...openOrderOffers,
              },
            },
            // Finish Pay was pressed or a transfer was seen: the server is checking. What is still missing can be paid here too.
            waiting: {
              on: {
                "order.finishPay": { guard: "finishStillOffered", target: "finishing", actions: "clearFailure" },
                ...openOrderOffers,
              },
            },
            finishing: {
              tags: ["busy"],
              invoke: {
                id: "finishPay",
                src: "finishPay",
                input: orderCodeOf,
                onDone: {
                  target: "following",
                  actions: [{ type: "rememberOrder", params: answeredOrder }, "rememberFinishPressed"],
                },
                onError: refused,
              },
            },
            payingFromBalance: {
              tags: ["busy"],
              invoke: {
                id: "payFromBalance",
                src: "payFromBalance",
                input: orderCodeOf,
                onDone: { target: "following", actions: { type: "rememberOrder", params: answeredOrder } },
                onError: refused,
              },
            },
            // A real transfer on the devnet; the watcher sees it and the feed reports it like any other.
            devPaying: {
              tags: ["busy"],
              invoke: {
                id: "devPay",
                src: "devPay",
                input: ({ context }) => ({ orderCode: context.order.orderCode, product: context.product ?? "" }),
                onDone: {
                  target: "following",
                  actions: { type: "rememberDevPayment", params: ({ event }) => event.output },
                },
                onError: refused,
              },
            },
            confirmingCancel: {
              on: {
                "order.cancelConfirm": { target: "cancelling", actions: "clearFailure" },
                // My orders' Cancel opened the dialog on the question alone: keeping the order closes it.
                "order.cancelDismiss": [
                  { guard: "addressKnown", target: "following" },
                  { target: "#orderPayment.closed" },
                ],
              },
            },
            cancelling: {
              tags: ["busy"],
              invoke: {
                id: "cancelOrder",
                src: "cancelOrder",
                input: orderCodeOf,
                onDone: { target: "following", actions: { type: "rememberOrder", params: answeredOrder } },
                onError: refused,
              },
            },
            // Shows what the server says the order is now.
            following: {
              always: [
                ...showEnded,
                { guard: "addressUnknown", target: "loadingChains" },
                { guard: "orderWaiting", target: "waiting" },
                { target: "pending" },
              ],
            },
          },
        },
        feed: {
          initial: "live",
          states: {
            live: {
              invoke: { id: "watchOrder", src: "watchOrder", input: orderCodeOf },
              on: { "order.streamFailed": "polling" },
              initial: "listening",
              states: {
                // The stream carries the order; its transfers and confirmations come with the detail.
                listening: { on: { "order.updated": { guard: "updateWaiting", target: "loadingDetail" } } },
                loadingDetail: {
                  invoke: {
                    id: "loadDetail",
                    src: "loadDetail",
                    input: orderCodeOf,
                    onDone: {
                      target: "listening",
                      actions: { type: "rememberDetail", params: ({ event }) => event.output },
                    },
                    // The next change of the order asks again.
                    onError: "listening",
                  },
                },
              },
            },
            polling: {
              initial: "pause",
              states: {
                pause: { after: { orderPoll: "checking" } },
                checking: {
                  invoke: {
                    id: "pollOrder",
                    src: "pollOrder",
                    input: orderCodeOf,
                    onDone: {
                      target: "pause",
                      actions: [
                        { type: "rememberDetail", params: ({ event }) => event.output },
                        { type: "relayOrder", params: ({ event }) => event.output },
                      ],
                    },
                    // A missed poll is not worth a message: the next one comes in 3 s.
                    onError: "pause",
                  },
                },
              },
            },
          },
        },
      },
    },
    paid: {
      on: { "order.goToOrders": { guard: "awayFromOrders", target: "closed", actions: "goToOrders" }, ...closes },
    },
    failed: { tags: ["payDialog"], on: closes },
    cancelled: { tags: ["payDialog"], on: closes },
    closed: { type: "final", entry: "closeDialog" },
  },
  output: ({ context }) => ({ order: context.order, now: context.now }),
});

export type OrderPaymentActor = ActorRefFrom<typeof orderPaymentMachine>;
