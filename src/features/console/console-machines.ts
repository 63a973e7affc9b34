import { fromCallback, fromPromise } from "xstate";
import { consoleOverviewMachine } from "../../../machines/console/console-overview.ts";
import { lastLoginMachine } from "../../../machines/auth/last-login.ts";
import { subscriptionMachine } from "../../../machines/orders/subscription.ts";
import type { Uses } from "../../app/services.ts";

/** The console home's machines with their effects bound to the API. */
export const provideLastLogin = ({ api }: Uses<never, "auth">) =>
  lastLoginMachine.provide({
    actors: { loadLastLogin: fromPromise(() => api.auth.lastLogin()) },
  });

export const provideSubscription = ({ api }: Uses<never, "orders">) =>
  subscriptionMachine.provide({
    actors: { loadSubscription: fromPromise(() => api.orders.subscription()) },
  });

/** The console home's figures, following the merchant's bills on the stream Application bills follows. */
export const provideConsoleOverview = ({ api }: Uses<never, "console" | "bills">) =>
  consoleOverviewMachine.provide({
    actors: {
      loadOverview: fromPromise(({ input }) => api.console.overview({ range: input.range })),
      watchBills: fromCallback(({ sendBack }) =>
        api.bills.watch(
          {},
          {
            onEvent: (bill) => sendBack({ type: "overview.bill", status: bill.status }),
            onError: () => sendBack({ type: "overview.feedLost" }),
          },
        ),
      ),
    },
  });
