import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import type { CallbackAttempt, CallbackRedeliverRequest } from "../../contracts/schemas/callbacks.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface CallbackRedeliverContext {
  /** The attempt whose event is sent again. */
  attemptId: string | null;
  /** The new attempt, as the receiver answered it. */
  answer: CallbackAttempt | null;
  failure: Failure | null;
}

export type CallbackRedeliverEvent = { type: "attempt.redeliver"; attemptId: string } | { type: "redeliver.close" };

/**
 * Redeliver one attempt's event now (Callback/Redeliver): a dialog follows the call while it is under way (every
 * Redeliver button held), then shows the new attempt's answer — the receiver's status, latency and body, or why none
 * came — or the refusal; the app's `redelivered` action has the list asked for again.
 */
export const callbackRedeliverMachine = setup({
  types: {} as { context: CallbackRedeliverContext; events: CallbackRedeliverEvent },
  actors: {
    redeliver: fromPromise<CallbackAttempt, CallbackRedeliverRequest>(async () => {
      throw new Error("redeliver is provided by the app");
    }),
  },
  actions: {
    redelivered: (_, _params: { attempt: CallbackAttempt }) => {},
  },
}).createMachine({
  id: "callbackRedeliver",
  context: { attemptId: null, answer: null, failure: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "attempt.redeliver": {
          target: "sending",
          actions: assign({ attemptId: ({ event }) => event.attemptId, answer: null, failure: null }),
        },
      },
    },
    sending: {
      invoke: {
        id: "redeliver",
        src: "redeliver",
        input: ({ context }) => ({ attemptId: context.attemptId ?? "" }),
        onDone: {
          target: "answered",
          actions: [
            assign({ answer: ({ event }) => event.output }),
            { type: "redelivered", params: ({ event }) => ({ attempt: event.output }) },
          ],
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    answered: { on: { "redeliver.close": { target: "idle", actions: assign({ attemptId: null, answer: null }) } } },
    failed: { on: { "redeliver.close": { target: "idle", actions: assign({ attemptId: null, failure: null }) } } },
  },
});

export type CallbackRedeliverActor = ActorRefFrom<typeof callbackRedeliverMachine>;
