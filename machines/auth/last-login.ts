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

/** What the line says: still loading, could not be loaded, first sign-in, or when and from where. */
export type LastLoginLine =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "firstSignIn" }
  | { kind: "previous"; at: string; ip: string | null };

export function selectLastLoginLine(snapshot: { context: LastLoginContext; value: unknown }): LastLoginLine {
  if (snapshot.value === "loading") return { kind: "loading" };
  if (snapshot.value === "failed") return { kind: "failed" };
  const at = snapshot.context.lastLogin?.lastLoginAt;
  return at ? { kind: "previous", at, ip: snapshot.context.lastLogin?.lastLoginIp || null } : { kind: "firstSignIn" };
}
