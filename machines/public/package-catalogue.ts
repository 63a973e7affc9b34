import { assign, fromPromise, setup } from "xstate";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface PackageCatalogueContext {
  packages: ServicePackage[] | null;
  failure: Failure | null;
}

export type PackageCatalogueEvent = { type: "catalogue.retry" };

/**
 * The public price list: the enterprise pack's page asks for it when it opens, and again on Retry when it
 * could not be loaded, so the page shows the real package's price, term and limits.
 */
export const packageCatalogueMachine = setup({
  types: {} as { context: PackageCatalogueContext; events: PackageCatalogueEvent },
  actors: {
    loadCatalogue: fromPromise<ServicePackage[]>(async () => {
      throw new Error("loadCatalogue is provided by the app");
    }),
  },
}).createMachine({
  id: "packageCatalogue",
  context: { packages: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadCatalogue",
        src: "loadCatalogue",
        onDone: { target: "ready", actions: assign({ packages: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {},
    failed: {
      on: { "catalogue.retry": "loading" },
    },
  },
});
