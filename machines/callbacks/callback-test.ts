import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import {
  type CallbackAttempt,
  type CallbackTarget,
  type CallbackTestRequest,
  callbackTestRequest,
} from "../../contracts/schemas/callbacks.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";

/** The test dialog's form: an application and which of its callback URLs. */
export interface CallbackTestForm {
  appCode: string;
  target: CallbackTarget;
}

export interface CallbackTestContext {
  fieldErrors: FieldErrors;
  failure: Failure | null;
  /** The test attempt, as the receiver answered it. */
  answer: CallbackAttempt | null;
}

export type CallbackTestEvent =
  | { type: "dialog.open" }
  | { type: "dialog.close" }
  | ({ type: "test.send" } & CallbackTestForm)
  | { type: "test.again" };

const requestOf = (event: CallbackTestEvent) =>
  event.type === "test.send" ? { appCode: event.appCode.trim(), target: event.target } : {};

const errorsOf = (event: CallbackTestEvent): FieldErrors => {
  const request = requestOf(event);
  if (!("appCode" in request) || request.appCode === "") return { appCode: "validation.required" };
  return fieldErrorsOf(callbackTestRequest.safeParse(request));
};

/**
 * "Send a test event" (Callback/Test): a signed `callback.test` event to the recharge or withdraw callback URL of an
 * application, then the receiver's answer at once (status, latency, body, or why none came). A refusal (no URL of that
 * kind: 2702) keeps the form; Send again from the answer goes back to it. The app's `sent` action has the list asked
 * for again, which now holds the test attempt.
 */
export const callbackTestMachine = setup({
  types: {} as { context: CallbackTestContext; events: CallbackTestEvent },
  actors: {
    sendTest: fromPromise<CallbackAttempt, CallbackTestRequest>(async () => {
      throw new Error("sendTest is provided by the app");
    }),
  },
  actions: {
    sent: (_, _params: { attempt: CallbackAttempt }) => {},
  },
  guards: {
    formValid: ({ event }) => Object.keys(errorsOf(event)).length === 0,
  },
}).createMachine({
  id: "callbackTest",
  context: { fieldErrors: {}, failure: null, answer: null },
  initial: "closed",
  states: {
    closed: {
      on: { "dialog.open": { target: "editing", actions: assign({ fieldErrors: {}, failure: null, answer: null }) } },
    },
    editing: {
      on: {
        "dialog.close": "closed",
        "test.send": [
          { guard: "formValid", target: "sending", actions: assign({ fieldErrors: {}, failure: null }) },
          { actions: assign({ fieldErrors: ({ event }) => errorsOf(event) }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: "sendTest",
        src: "sendTest",
        input: ({ event }) => callbackTestRequest.parse(requestOf(event)),
        onDone: {
          target: "answered",
          actions: [
            assign({ answer: ({ event }) => event.output }),
            { type: "sent", params: ({ event }) => ({ attempt: event.output }) },
          ],
        },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    answered: {
      on: {
        "dialog.close": "closed",
        "test.again": { target: "editing", actions: assign({ answer: null }) },
      },
    },
  },
});

export type CallbackTestActor = ActorRefFrom<typeof callbackTestMachine>;
