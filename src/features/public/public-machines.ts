import { fromCallback, fromPromise } from "xstate";
import { demoCheckoutMachine } from "../../../machines/public/demo-checkout.ts";
import { packageCatalogueMachine } from "../../../machines/public/package-catalogue.ts";
import type { Uses } from "../../app/services.ts";

/** The checkout demo with its effects bound to the API and the injectable timers. */
export const provideDemoCheckout = ({ api, timers }: Uses<"timers", "demo">) =>
  demoCheckoutMachine.provide({
    actors: {
      createOrder: fromPromise(({ input }) => api.demo.checkout(input)),
      checkStatus: fromPromise(({ input }) => api.demo.status(input)),
      payOrder: fromPromise(({ input }) => api.demo.pay(input)),
      clock: fromCallback(({ sendBack }) =>
        timers.every(1000, () => sendBack({ type: "clock.tick", now: Date.now() })),
      ),
    },
  });

/** The public price list, for the enterprise pack's page. */
export const providePackageCatalogue = ({ api }: Uses<never, "orders">) =>
  packageCatalogueMachine.provide({
    actors: { loadCatalogue: fromPromise(() => api.orders.packages()) },
  });
