import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { MyCurrencyListResult, MyCurrencySetRequest } from "../../contracts/schemas/currencies.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface MyCurrenciesContext {
  list: MyCurrencyListResult | null;
  /** Why the list could not be loaded. */
  failure: Failure | null;
  /** Why the last switch was refused (past the package's limit …); cleared by the next one. */
  refusal: Failure | null;
  /** The switch whose call is in flight. */
  pending: MyCurrencySetRequest | null;
}

export type MyCurrenciesEvent =
  | { type: "myCurrencies.retry" }
  | { type: "myCurrencies.toggle"; chainId: number; contractAddress: string; accepted: boolean };

/**
 * My currencies: the tokens the merchant's applications may accept, loaded when the page opens (with a
 * retry when they could not be), each switched on or off by a call whose answer is the list as it is then. One call
 * at a time: while it runs, the switches wait. A refusal (past the package's currency limit, where the page offers
 * the packages) leaves the list as it was.
 */
export const myCurrenciesMachine = setup({
  types: {} as { context: MyCurrenciesContext; events: MyCurrenciesEvent },
  actors: {
    loadMyCurrencies: fromPromise<MyCurrencyListResult>(async () => {
      throw new Error("loadMyCurrencies is provided by the app");
    }),
    setMyCurrency: fromPromise<MyCurrencyListResult, MyCurrencySetRequest>(async () => {
      throw new Error("setMyCurrency is provided by the app");
    }),
  },
  guards: {
    /** A currency of the list, switched to what it is not. */
    changesOne: ({ context, event }) => {
      assertEvent(event, "myCurrencies.toggle");
      const row = context.list?.items.find(
        (c) => c.chainId === event.chainId && c.contractAddress.toLowerCase() === event.contractAddress.toLowerCase(),
      );
      return row !== undefined && row.accepted !== event.accepted;
    },
  },
}).createMachine({
  id: "myCurrencies",
  context: { list: null, failure: null, refusal: null, pending: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadMyCurrencies",
        src: "loadMyCurrencies",
        onDone: { target: "ready", actions: assign({ list: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      on: { "myCurrencies.retry": "loading" },
    },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "myCurrencies.toggle": {
              guard: "changesOne",
              target: "saving",
              actions: assign(({ event }) => {
                assertEvent(event, "myCurrencies.toggle");
                const { chainId, contractAddress, accepted } = event;
                return { pending: { chainId, contractAddress, accepted }, refusal: null };
              }),
            },
          },
        },
        saving: {
          tags: ["busy"],
          invoke: {
            id: "setMyCurrency",
            src: "setMyCurrency",
            input: ({ context }) => context.pending as MyCurrencySetRequest,
            onDone: { target: "idle", actions: assign({ list: ({ event }) => event.output, pending: null }) },
            onError: {
              target: "idle",
              actions: assign({ refusal: ({ event }) => toFailure(event.error), pending: null }),
            },
          },
        },
      },
    },
  },
});
