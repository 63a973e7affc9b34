import { fromPromise } from "xstate";
import { lastLoginMachine } from "../../../machines/auth/last-login.ts";
import { subscriptionMachine } from "../../../machines/orders/subscription.ts";
import type { Uses } from "../../app/services.ts";

/** The console home's machines with their effects bound to the API. */
export const provideLastLogin = ({ api }: Uses<never, "auth">) =>
  lastLoginMachine.provide({
    actors: { loadLastLogin: fromPromise(() => api.auth.lastLogin()) },
  });

export const provideSubscription = ({ api }: Uses<never, "orders" | "account">) =>
  subscriptionMachine.provide({
    actors: {
      loadSubscription: fromPromise(() => api.orders.subscription()),
      loadBalance: fromPromise(() => api.account.balance()),
    },
  });
