import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface SubscriptionContext {
  subscription: SubscriptionResult | null;
  balance: BalanceResult | null;
  planFailure: Failure | null;
  balanceFailure: Failure | null;
}

export type SubscriptionEvent = { type: "subscription.retry" };

/**
 * The console home's package card (spec section 2: resource check, upgrade, trial version, account balance): the
 * package and the balance load side by side, so one that fails still leaves the other on screen; Retry asks again
 * for whatever failed.
 */
export const subscriptionMachine = setup({
  types: {} as { context: SubscriptionContext; events: SubscriptionEvent },
  actors: {
    loadSubscription: fromPromise<SubscriptionResult>(async () => {
      throw new Error("loadSubscription is provided by the app");
    }),
    loadBalance: fromPromise<BalanceResult>(async () => {
      throw new Error("loadBalance is provided by the app");
    }),
  },
}).createMachine({
  id: "subscription",
  context: { subscription: null, balance: null, planFailure: null, balanceFailure: null },
  type: "parallel",
  states: {
    plan: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadSubscription",
            src: "loadSubscription",
            onDone: {
              target: "ready",
              actions: assign({ subscription: ({ event }) => event.output, planFailure: null }),
            },
            onError: { target: "failed", actions: assign({ planFailure: ({ event }) => toFailure(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { "subscription.retry": "loading" } },
      },
    },
    balance: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadBalance",
            src: "loadBalance",
            onDone: {
              target: "ready",
              actions: assign({ balance: ({ event }) => event.output, balanceFailure: null }),
            },
            onError: { target: "failed", actions: assign({ balanceFailure: ({ event }) => toFailure(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { "subscription.retry": "loading" } },
      },
    },
  },
});

export type SubscriptionActor = ActorRefFrom<typeof subscriptionMachine>;
