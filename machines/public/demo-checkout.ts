import { assign, setup, fromPromise } from "xstate";
import type { DemoCheckoutRequest, DemoInvoice } from "../../contracts/schemas/demo.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { type Failure, toFailure } from "../api-failure.ts";

/**
 * The public demo (/demo01): the server makes a real invoice of its demo merchant, and the visitor goes on to that
 * invoice's hosted checkout page, where paying it on the devnet turns it paid. A server without the devnet has no
 * demo to offer; any other refusal (too many demos from one address, a server error) may be tried again.
 */
export interface DemoCheckoutContext {
  invoiceId: string | null;
  failure: Failure | null;
}

export type DemoCheckoutEvent = { type: "demo.retry" };

/** The checkout page of an invoice: built on its own, outside the console's routes. */
export const checkoutPath = (invoiceId: string) => `/pay/${encodeURIComponent(invoiceId)}`;

export const demoCheckoutMachine = setup({
  types: {} as { context: DemoCheckoutContext; events: DemoCheckoutEvent },
  actors: {
    createInvoice: fromPromise<DemoInvoice, DemoCheckoutRequest>(async () => {
      throw new Error("createInvoice is provided by the app");
    }),
  },
  actions: {
    // Leaves the console's page for the checkout page (the app's wiring knows how).
    openCheckout: (_, _params: { path: string }) => undefined,
  },
  guards: {
    unavailable: (_, { error }: { error: unknown }) => toFailure(error).errCode === errCodes.demoUnavailable,
  },
}).createMachine({
  id: "demoCheckout",
  context: { invoiceId: null, failure: null },
  initial: "creating",
  states: {
    creating: {
      entry: assign({ failure: null }),
      invoke: {
        id: "createInvoice",
        src: "createInvoice",
        input: {},
        onDone: { target: "leaving", actions: assign({ invoiceId: ({ event }) => event.output.invoiceId }) },
        onError: [
          { guard: { type: "unavailable", params: ({ event }) => ({ error: event.error }) }, target: "unavailable" },
          { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    // The page offers a link to the checkout page as well, for a browser that did not follow.
    leaving: {
      type: "final",
      entry: { type: "openCheckout", params: ({ context }) => ({ path: checkoutPath(context.invoiceId ?? "") }) },
    },
    failed: { on: { "demo.retry": "creating" } },
    unavailable: { type: "final" },
  },
});
