import { fromPromise } from "xstate";
import { demoCheckoutMachine } from "../../../machines/public/demo-checkout.ts";
import { packageCatalogueMachine } from "../../../machines/public/package-catalogue.ts";
import type { Uses } from "../../app/services.ts";

/** The demo with its invoice asked of the API and its way out to the checkout page. */
export const provideDemoCheckout = ({ api, leave }: Uses<"leave", "demo">) =>
  demoCheckoutMachine.provide({
    actors: { createInvoice: fromPromise(({ input }) => api.demo.checkout(input)) },
    actions: { openCheckout: (_, { path }) => leave(path) },
  });

/** The public price list, for the enterprise pack's page. */
export const providePackageCatalogue = ({ api }: Uses<never, "orders">) =>
  packageCatalogueMachine.provide({
    actors: { loadCatalogue: fromPromise(() => api.orders.packages()) },
  });
