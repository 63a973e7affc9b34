import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import {
  type CallbackRedeliverFailedRequest,
  callbackRedeliverFailedRequest,
} from "../../contracts/schemas/callbacks.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";
import { toInstant } from "../lists/search-time.ts";

/** The confirmation's form: since when (a browser's local date-time) and which application ("" for all). */
export interface RedeliverFailedForm {
  since: string;
  appCode: string;
}

export interface RedeliverFailedContext {
  fieldErrors: FieldErrors;
  failure: Failure | null;
  /** How many deliveries the server queued again. */
  queued: number | null;
}

export type RedeliverFailedEvent =
  | { type: "dialog.open" }
  | { type: "dialog.close" }
  | ({ type: "failed.redeliver" } & RedeliverFailedForm);

/** The request for the form: the local time as an instant, an empty application left out. */
export function toRedeliverFailedRequest(form: RedeliverFailedForm): CallbackRedeliverFailedRequest {
  const appCode = form.appCode.trim();
  return { since: toInstant(form.since, "start"), ...(appCode ? { appCode } : {}) } as CallbackRedeliverFailedRequest;
}

const errorsOf = (form: RedeliverFailedForm): FieldErrors =>
  form.since.trim() === ""
    ? { since: "validation.required" }
    : fieldErrorsOf(callbackRedeliverFailedRequest.safeParse(toRedeliverFailedRequest(form)));

const formOf = (event: RedeliverFailedEvent): RedeliverFailedForm =>
  event.type === "failed.redeliver" ? { since: event.since, appCode: event.appCode } : { since: "", appCode: "" };

/**
 * "Redeliver failed" (Callback/RedeliverFailed): a confirmation dialog asking since when (and for which application),
 * then how many failed deliveries were queued for one more attempt; the app's `queued` action has the list asked for
 * again. A refusal keeps the dialog open with the form as it was.
 */
export const redeliverFailedMachine = setup({
  types: {} as { context: RedeliverFailedContext; events: RedeliverFailedEvent },
  actors: {
    redeliverFailed: fromPromise<{ queued: number }, CallbackRedeliverFailedRequest>(async () => {
      throw new Error("redeliverFailed is provided by the app");
    }),
  },
  actions: {
    queued: (_, _params: { queued: number }) => {},
  },
  guards: {
    formValid: ({ event }) => Object.keys(errorsOf(formOf(event))).length === 0,
  },
}).createMachine({
  id: "redeliverFailed",
  context: { fieldErrors: {}, failure: null, queued: null },
  initial: "closed",
  states: {
    closed: {
      on: { "dialog.open": { target: "editing", actions: assign({ fieldErrors: {}, failure: null, queued: null }) } },
    },
    editing: {
      on: {
        "dialog.close": "closed",
        "failed.redeliver": [
          { guard: "formValid", target: "sending", actions: assign({ fieldErrors: {}, failure: null }) },
          { actions: assign({ fieldErrors: ({ event }) => errorsOf(formOf(event)) }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: "redeliverFailed",
        src: "redeliverFailed",
        input: ({ event }) => toRedeliverFailedRequest(formOf(event)),
        onDone: {
          target: "done",
          actions: [
            assign({ queued: ({ event }) => event.output.queued }),
            { type: "queued", params: ({ event }) => ({ queued: event.output.queued }) },
          ],
        },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    done: { on: { "dialog.close": "closed" } },
  },
});

export type RedeliverFailedActor = ActorRefFrom<typeof redeliverFailedMachine>;
