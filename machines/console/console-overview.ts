import { type ActorRefFrom, assertEvent, assign, fromCallback, fromPromise, setup } from "xstate";
import type { BillStatus } from "../../contracts/schemas/bills.ts";
import type { OverviewRange, OverviewResult } from "../../contracts/schemas/console.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface OverviewContext {
  range: OverviewRange;
  figures: OverviewResult | null;
  failure: Failure | null;
}

export type OverviewEvent =
  | { type: "overview.range"; range: OverviewRange }
  | { type: "overview.retry" }
  | { type: "overview.refresh" }
  /** One of the merchant's bills changed (the live bills stream, as Application bills follows it). */
  | { type: "overview.bill"; status: BillStatus }
  | { type: "overview.feedLost" };

/**
 * The console home's figures: asked for when the page opens and again for another range; Retry when they
 * could not be loaded. While the page is open it follows the merchant's bills live (the Application bills stream): a
 * deposit credited, collected or taken back loads the figures again, a load under way starting over. When the stream
 * is lost the figures stay and Refresh loads them and follows again. The figures shown stay while they load again.
 */
export const consoleOverviewMachine = setup({
  types: {} as { context: OverviewContext; events: OverviewEvent },
  actors: {
    loadOverview: fromPromise<OverviewResult, { range: OverviewRange }>(async () => {
      throw new Error("loadOverview is provided by the app");
    }),
    watchBills: fromCallback<OverviewEvent>(() => () => undefined),
  },
  guards: {
    /** A bill the figures count changed: credited (or collected), or a credited one taken back. */
    figuresMoved: ({ event }) => {
      assertEvent(event, "overview.bill");
      return event.status === "credited" || event.status === "reversed";
    },
  },
  actions: {
    chooseRange: assign({
      range: ({ event }) => {
        assertEvent(event, "overview.range");
        return event.range;
      },
    }),
  },
}).createMachine({
  id: "consoleOverview",
  context: { range: "week", figures: null, failure: null },
  type: "parallel",
  states: {
    figures: {
      initial: "loading",
      states: {
        loading: {
          tags: ["busy"],
          invoke: {
            id: "loadOverview",
            src: "loadOverview",
            input: ({ context }) => ({ range: context.range }),
            onDone: { target: "ready", actions: assign({ figures: ({ event }) => event.output, failure: null }) },
            onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          },
          on: {
            "overview.range": { target: "loading", reenter: true, actions: "chooseRange" },
            "overview.bill": { guard: "figuresMoved", target: "loading", reenter: true },
          },
        },
        ready: {
          on: {
            "overview.range": { target: "loading", actions: "chooseRange" },
            "overview.bill": { guard: "figuresMoved", target: "loading" },
            "overview.refresh": "loading",
          },
        },
        failed: {
          on: {
            "overview.retry": "loading",
            "overview.range": { target: "loading", actions: "chooseRange" },
          },
        },
      },
    },
    feed: {
      initial: "live",
      states: {
        live: {
          invoke: { id: "watchBills", src: "watchBills" },
          on: { "overview.feedLost": "lost" },
        },
        lost: { on: { "overview.refresh": "live" } },
      },
    },
  },
});

export type ConsoleOverviewActor = ActorRefFrom<typeof consoleOverviewMachine>;
