import { assign, fromPromise, setup } from "xstate";
import type { Currency, CurrencyListResult } from "../../contracts/schemas/currencies.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface CurrencyListContext {
  currencies: Currency[];
  loaded: boolean;
  failure: Failure | null;
}

export type CurrencyListEvent = { type: "currencies.retry" } | { type: "currencies.reload" };

/**
 * The Currency list: asked for when the page opens, again on Refresh (the arrival times are measured anew
 * from the chains' recent blocks), and with a retry when it could not be loaded. The list shown stays while a reload
 * runs.
 */
export const currencyListMachine = setup({
  types: {} as { context: CurrencyListContext; events: CurrencyListEvent },
  actors: {
    loadCurrencies: fromPromise<CurrencyListResult>(async () => {
      throw new Error("loadCurrencies is provided by the app");
    }),
  },
}).createMachine({
  id: "currencyList",
  context: { currencies: [], loaded: false, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadCurrencies",
        src: "loadCurrencies",
        onDone: {
          target: "ready",
          actions: assign({ currencies: ({ event }) => event.output.items, loaded: true, failure: null }),
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {
      on: { "currencies.reload": "loading" },
    },
    failed: {
      on: { "currencies.retry": "loading" },
    },
  },
});
