import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { DemoChain, DemoCheckoutRequest, DemoOrder, DemoOrderRequest } from "../../contracts/schemas/demo.ts";
import { type Failure, toFailure } from "../api-failure.ts";

/**
 * The public checkout demo (/demo01): an order is fetched, its address waits for the payment while a
 * countdown runs to expiresAt, the server is asked now and then whether it was paid, and the visitor
 * may pretend to pay. Expired and paid orders offer a new demo.
 */
export interface DemoCheckoutContext {
  chain: DemoChain;
  order: DemoOrder | null;
  /** The visitor's clock (ms), moved by clock.tick. */
  now: number;
  /** serverTime − the visitor's clock when the order arrived: the countdown follows the server's clock. */
  skewMs: number;
  failure: Failure | null;
}

export type DemoCheckoutEvent =
  | { type: "demo.start"; chain?: DemoChain }
  | { type: "demo.chain"; chain: DemoChain }
  | { type: "demo.pay" }
  | { type: "clock.tick"; now: number };

export const statusPollMs = 5000;

/** Whole seconds left to pay, as the server's clock sees it; 0 once expired. */
export function secondsLeft(context: Pick<DemoCheckoutContext, "order" | "now" | "skewMs">): number {
  if (!context.order) return 0;
  return Math.max(0, Math.ceil((Date.parse(context.order.expiresAt) - (context.now + context.skewMs)) / 1000));
}

/** Share of the payment window still open, 1 → 0. */
export function shareLeft(context: Pick<DemoCheckoutContext, "order" | "now" | "skewMs">): number {
  if (!context.order) return 0;
  const total = (Date.parse(context.order.expiresAt) - Date.parse(context.order.serverTime)) / 1000;
  return total > 0 ? Math.min(1, secondsLeft(context) / total) : 0;
}

const received = (order: DemoOrder, now: number) => ({
  order,
  skewMs: Date.parse(order.serverTime) - now,
  failure: null,
});

export const demoCheckoutMachine = setup({
  types: {} as { context: DemoCheckoutContext; events: DemoCheckoutEvent; input: { chain?: DemoChain; now: number } },
  actors: {
    createOrder: fromPromise<DemoOrder, DemoCheckoutRequest>(async () => {
      throw new Error("createOrder is provided by the app");
    }),
    checkStatus: fromPromise<DemoOrder, DemoOrderRequest>(async () => {
      throw new Error("checkStatus is provided by the app");
    }),
    payOrder: fromPromise<DemoOrder, DemoOrderRequest>(async () => {
      throw new Error("payOrder is provided by the app");
    }),
    clock: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: "clock.tick", now: Date.now() }), 1000);
      return () => clearInterval(timer);
    }),
  },
  delays: { statusPoll: statusPollMs },
  guards: {
    otherChain: ({ context, event }) => event.type === "demo.chain" && event.chain !== context.chain,
    timeUp: ({ context, event }) => event.type === "clock.tick" && secondsLeft({ ...context, now: event.now }) === 0,
    answeredPaid: (_, { output }: { output: DemoOrder }) => output.status === "paid",
    answeredExpired: (_, { output }: { output: DemoOrder }) => output.status === "expired",
    orderExpired: (_, { error }: { error: unknown }) => toFailure(error).errCode === "2112",
  },
}).createMachine({
  id: "demoCheckout",
  context: ({ input }) => ({ chain: input.chain ?? "ETH", order: null, now: input.now, skewMs: 0, failure: null }),
  initial: "loading",
  on: {
    // A new demo, possibly on another chain, from whatever state the page is in.
    "demo.start": {
      target: ".loading",
      actions: assign({ chain: ({ context, event }) => event.chain ?? context.chain }),
    },
    // Choosing the chain already shown changes nothing.
    "demo.chain": { guard: "otherChain", target: ".loading", actions: assign({ chain: ({ event }) => event.chain }) },
  },
  states: {
    loading: {
      entry: assign({ order: null, failure: null }),
      invoke: {
        id: "createOrder",
        src: "createOrder",
        input: ({ context }) => ({ chain: context.chain }),
        onDone: { target: "pending", actions: assign(({ context, event }) => received(event.output, context.now)) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {},
    pending: {
      invoke: { id: "clock", src: "clock" },
      on: {
        "clock.tick": [
          { guard: "timeUp", target: "expired", actions: assign({ now: ({ event }) => event.now }) },
          { actions: assign({ now: ({ event }) => event.now }) },
        ],
        "demo.pay": { target: ".paying", actions: assign({ failure: null }) },
      },
      initial: "waiting",
      states: {
        waiting: { after: { statusPoll: "checking" } },
        checking: {
          invoke: {
            id: "checkStatus",
            src: "checkStatus",
            input: ({ context }) => ({ orderCode: context.order?.orderCode ?? "" }),
            onDone: [
              {
                guard: { type: "answeredPaid", params: ({ event }) => ({ output: event.output }) },
                target: "#demoCheckout.paid",
                actions: assign({ order: ({ event }) => event.output }),
              },
              {
                guard: { type: "answeredExpired", params: ({ event }) => ({ output: event.output }) },
                target: "#demoCheckout.expired",
                actions: assign({ order: ({ event }) => event.output }),
              },
              { target: "waiting", actions: assign({ order: ({ event }) => event.output }) },
            ],
            // A missed poll is not worth a message: the next one comes in a few seconds.
            onError: "waiting",
          },
        },
        // Stands in for the customer's transfer.
        paying: {
          on: { "demo.pay": {} },
          invoke: {
            id: "payOrder",
            src: "payOrder",
            input: ({ context }) => ({ orderCode: context.order?.orderCode ?? "" }),
            onDone: [
              {
                guard: { type: "answeredPaid", params: ({ event }) => ({ output: event.output }) },
                target: "#demoCheckout.paid",
                actions: assign({ order: ({ event }) => event.output }),
              },
              { target: "#demoCheckout.expired", actions: assign({ order: ({ event }) => event.output }) },
            ],
            onError: [
              {
                guard: { type: "orderExpired", params: ({ event }) => ({ error: event.error }) },
                target: "#demoCheckout.expired",
              },
              { target: "waiting", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
            ],
          },
        },
      },
    },
    paid: {},
    expired: {},
  },
});
