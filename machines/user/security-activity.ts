import { assign, fromPromise, setup } from "xstate";
import type { SecurityActivityResult, SecurityEvent } from "../../contracts/schemas/security-events.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface SecurityActivityContext {
  events: SecurityEvent[];
  failure: Failure | null;
}

export type SecurityActivityEvent = { type: "securityActivity.retry" } | { type: "securityActivity.reload" };

/**
 * The user centre's "Recent security activity": asked for when the page opens, again on Refresh, and with a retry when
 * it could not be loaded. The list shown stays while a reload runs.
 */
export const securityActivityMachine = setup({
  types: {} as { context: SecurityActivityContext; events: SecurityActivityEvent },
  actors: {
    loadSecurityActivity: fromPromise<SecurityActivityResult>(async () => {
      throw new Error("loadSecurityActivity is provided by the app");
    }),
  },
}).createMachine({
  id: "securityActivity",
  context: { events: [], failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadSecurityActivity",
        src: "loadSecurityActivity",
        onDone: { target: "ready", actions: assign({ events: ({ event }) => event.output.items, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {
      on: { "securityActivity.reload": "loading" },
    },
    failed: {
      on: { "securityActivity.retry": "loading" },
    },
  },
});
