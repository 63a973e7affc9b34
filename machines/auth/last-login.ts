import { assign, fromPromise, setup } from "xstate";
import type { LastLoginResult } from "../../contracts/schemas/auth.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface LastLoginContext {
  lastLogin: LastLoginResult | null;
  failure: Failure | null;
}

export type LastLoginEvent = { type: "lastLogin.retry" };

/** The console home's "Previous sign-in" line: asked for once per visit, with a retry when it could not be loaded. */
export const lastLoginMachine = setup({
  types: {} as { context: LastLoginContext; events: LastLoginEvent },
  actors: {
    loadLastLogin: fromPromise<LastLoginResult>(async () => {
      throw new Error("loadLastLogin is provided by the app");
    }),
  },
}).createMachine({
  id: "lastLogin",
  context: { lastLogin: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadLastLogin",
        src: "loadLastLogin",
        onDone: { target: "ready", actions: assign({ lastLogin: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {},
    failed: {
      on: { "lastLogin.retry": "loading" },
    },
  },
});
