import { type ActorRefFrom, fromCallback, fromPromise } from "xstate";
import {
  type CheckoutAnswer,
  type CheckoutPageEvent,
  checkoutPageMachine,
} from "../../machines/checkout/checkout-page.ts";
import { loadCheckoutView, watchCheckout } from "./checkout-api.ts";

/** The page's effects, injectable so that the model tests drive the server, the stream and the clock by hand. */
export interface CheckoutServices {
  loadView(invoiceId: string): Promise<CheckoutAnswer>;
  watch(invoiceId: string, send: (event: CheckoutPageEvent) => void): () => void;
  /** Calls `tick` every `ms` until the answered stop is called. */
  every(ms: number, tick: () => void): () => void;
}

export const browserCheckoutServices: CheckoutServices = {
  loadView: loadCheckoutView,
  watch: watchCheckout,
  every(ms, tick) {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
};

export const provideCheckoutPage = ({ loadView, watch, every }: CheckoutServices) =>
  checkoutPageMachine.provide({
    actors: {
      loadView: fromPromise(({ input }) => loadView(input.invoiceId)),
      watch: fromCallback<CheckoutPageEvent, { invoiceId: string }>(({ input, sendBack }) =>
        watch(input.invoiceId, sendBack),
      ),
      clock: fromCallback(({ sendBack }) => every(1_000, () => sendBack({ type: "clock.tick", now: Date.now() }))),
    },
  });

export type CheckoutActor = ActorRefFrom<ReturnType<typeof provideCheckoutPage>>;

/** The actor's clock for its delayed transitions, over the same timers, so a test steps both by hand. */
export const checkoutActorClock = ({ every }: Pick<CheckoutServices, "every">) => ({
  setTimeout: (fire: () => void, ms: number) => {
    const stop = every(ms, () => {
      stop();
      fire();
    });
    return stop;
  },
  clearTimeout: (stop: () => void) => stop(),
});
