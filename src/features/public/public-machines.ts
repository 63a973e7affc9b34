import { fromCallback, fromPromise } from "xstate";
import { demoCheckoutMachine } from "../../../machines/public/demo-checkout.ts";
import type { Services, Uses } from "../../app/services.ts";

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

/** The actor's clock for the status poll (`after`): the same injectable timers as the countdown, so tests step both by hand. */
export const demoClock = ({ timers }: Pick<Services, "timers">) => ({
  setTimeout: (fire: () => void, ms: number) => {
    const stop = timers.every(ms, () => {
      stop();
      fire();
    });
    return stop;
  },
  clearTimeout: (stop: () => void) => stop(),
});
