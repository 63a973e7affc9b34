import { assign, fromPromise, setup } from "xstate";

/**
 * The "Continue with Google" button: Google's library is loaded once a client id is configured, a press
 * opens Google's popup (code flow), and the code goes on to the session machine (`login.google`).
 * Failures are i18n keys under `google.` (spec section 8 gives the English of the first two).
 */
export type GoogleFailure = "clientIdRequired" | "libraryFailed" | "popupBlocked" | "failed";

export interface GoogleSignInContext {
  clientId: string;
  failure: GoogleFailure | null;
}

export type GoogleSignInEvent = { type: "google.start" };

/** Why Google's popup ended without a code: GIS error types and OAuth error codes. */
export interface GooglePopupError {
  type: string;
}

const closedByMerchant = new Set(["popup_closed", "access_denied"]);

const errorType = (error: unknown): string =>
  typeof error === "object" && error !== null && "type" in error ? String((error as GooglePopupError).type) : "";

export const googleSignInMachine = setup({
  types: {} as {
    context: GoogleSignInContext;
    events: GoogleSignInEvent;
    input: { clientId: string | undefined };
    tags: "busy";
  },
  actors: {
    loadLibrary: fromPromise<void, { clientId: string }>(async () => {
      throw new Error("loadLibrary is provided by the app");
    }),
    requestCode: fromPromise<string, { clientId: string }>(async () => {
      throw new Error("requestCode is provided by the app");
    }),
  },
  actions: {
    // Hands the code to the session machine; the app provides it.
    deliverCode: (_, _params: { code: string }) => {},
  },
  guards: {
    hasClientId: ({ context }) => context.clientId !== "",
    closedByMerchant: (_, { error }: { error: unknown }) => closedByMerchant.has(errorType(error)),
    popupBlocked: (_, { error }: { error: unknown }) => errorType(error) === "popup_failed_to_open",
  },
}).createMachine({
  id: "googleSignIn",
  context: ({ input }) => ({ clientId: input.clientId?.trim() ?? "", failure: null }),
  initial: "checking",
  states: {
    checking: {
      always: [
        { guard: "hasClientId", target: "loading" },
        { target: "unavailable", actions: assign({ failure: "clientIdRequired" }) },
      ],
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadLibrary",
        src: "loadLibrary",
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: "ready", actions: assign({ failure: null }) },
        onError: { target: "unavailable", actions: assign({ failure: "libraryFailed" }) },
      },
    },
    ready: {
      on: { "google.start": { target: "awaitingCode", actions: assign({ failure: null }) } },
    },
    // Google's popup is open; it answers a code, or nothing when the merchant closes it.
    awaitingCode: {
      tags: ["busy"],
      invoke: {
        id: "requestCode",
        src: "requestCode",
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: "ready", actions: { type: "deliverCode", params: ({ event }) => ({ code: event.output }) } },
        onError: [
          { guard: { type: "closedByMerchant", params: ({ event }) => ({ error: event.error }) }, target: "ready" },
          {
            guard: { type: "popupBlocked", params: ({ event }) => ({ error: event.error }) },
            target: "ready",
            actions: assign({ failure: "popupBlocked" }),
          },
          { target: "ready", actions: assign({ failure: "failed" }) },
        ],
      },
    },
    // No client id, or the library did not load: a press says so again, or retries the library.
    unavailable: {
      on: {
        "google.start": [
          { guard: "hasClientId", target: "loading" },
          { actions: assign({ failure: "clientIdRequired" }) },
        ],
      },
    },
  },
});
