import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface SubscriptionContext {
  subscription: SubscriptionResult | null;
  planFailure: Failure | null;
}

export type SubscriptionEvent = { type: "subscription.retry" };

/**
 * The console home's package card (spec section 2: resource check, upgrade, trial version): the package and what it
 * uses, with Retry when it could not be loaded. The account balance is one of the home's figures, which follow the
 * deposits live (machines/console/console-overview.ts).
 */
export const subscriptionMachine = setup({
  types: {} as { context: SubscriptionContext; events: SubscriptionEvent },
  actors: {
    loadSubscription: fromPromise<SubscriptionResult>(async () => {
      throw new Error("loadSubscription is provided by the app");
    }),
  },
}).createMachine({
  id: "subscription",
  context: { subscription: null, planFailure: null },
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
});

export type SubscriptionActor = ActorRefFrom<typeof subscriptionMachine>;
