import { assign, fromPromise, type PromiseActorLogic, type StateMachine, setup } from "xstate";
import type * as z from "zod/mini";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "./api-failure.ts";

export interface FormDialogContext {
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

/** What the dialog frame reads: the dialog shows; its submit is under way. */
export type FormDialogTag = "open" | "busy";

/** Opening, closing, and the dialog's own submit event carrying the form's fields. */
export type FormDialogEvent<TSubmit extends string, TFields> =
  | { type: "dialog.open" }
  | { type: "dialog.close" }
  | ({ type: TSubmit } & TFields);

const fieldsOf = ({ type: _, ...fields }: { type: string }): unknown => fields;

/** The machine with its types left open: the submit event's name and fields, the call's body and result. */
function buildFormDialogMachine(id: string, submitEvent: string, request: z.ZodMiniType) {
  return setup({
    types: {} as {
      context: FormDialogContext;
      events: { type: "dialog.open" } | { type: "dialog.close" } | { type: "form.submit" };
      tags: FormDialogTag;
    },
    actors: {
      submit: fromPromise<unknown, unknown>(async () => {
        throw new Error(`${id}: submit is provided by the app`);
      }),
    },
    actions: {
      succeeded: (_, _params: { output: unknown }) => {},
    },
    guards: {
      formValid: ({ event }) => request.safeParse(fieldsOf(event)).success,
    },
  }).createMachine({
    id,
    context: { fieldErrors: {}, failure: null },
    initial: "closed",
    states: {
      closed: { on: { "dialog.open": { target: "editing", actions: assign({ fieldErrors: {}, failure: null }) } } },
      editing: {
        tags: "open",
        on: {
          "dialog.close": "closed",
          [submitEvent as "form.submit"]: [
            { guard: "formValid", target: "submitting", actions: assign({ fieldErrors: {}, failure: null }) },
            { actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(request.safeParse(fieldsOf(event))) }) },
          ],
        },
      },
      submitting: {
        tags: ["open", "busy"],
        invoke: {
          id: "submit",
          src: "submit",
          input: ({ event }: { event: { type: string } }) => request.parse(fieldsOf(event)),
          onDone: {
            target: "closed",
            actions: { type: "succeeded", params: ({ event }) => ({ output: event.output }) },
          },
          onError: { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        },
      },
    },
  });
}

/**
 * The machine above with its open types filled in. XState's config types cannot check a config against an event
 * type that is still generic, so the config is checked once with placeholders and the dialog's types are put back here.
 */
export type FormDialogMachine<TSubmit extends string, TFields, TBody, TResult> =
  ReturnType<typeof buildFormDialogMachine> extends StateMachine<
    infer Context,
    infer _Event,
    infer Children,
    infer _Actor,
    infer Action,
    infer Guard,
    infer Delay,
    infer StateValue,
    infer Tag,
    infer Input,
    infer Output,
    infer Emitted,
    infer Meta,
    infer Schema,
    infer TransitionMeta
  >
    ? StateMachine<
        Context,
        FormDialogEvent<TSubmit, TFields>,
        Children,
        { src: "submit"; logic: PromiseActorLogic<TResult, TBody>; id: string | undefined },
        Exclude<Action, { type: "succeeded" }> | { type: "succeeded"; params: { output: TResult } },
        Guard,
        Delay,
        StateValue,
        Tag,
        Input,
        Output,
        Emitted,
        Meta,
        Schema,
        TransitionMeta
      >
    : never;

export interface FormDialogOptions<
  TId extends string,
  TSubmit extends string,
  TRequest extends z.ZodMiniType,
  TResult extends z.ZodMiniType,
> {
  id: TId;
  /** The merchant's submit, e.g. "password.submit"; it carries the request's fields. */
  submitEvent: TSubmit;
  /** The call's request schema: it validates the fields (errors are i18n keys) and gives the body. */
  request: TRequest;
  /** The call's result schema: it types the output `succeeded` receives. */
  result: TResult;
}

/**
 * A dialog with a form that is validated, submitted to one API call, shows field errors and the server's refusal,
 * and closes on success: closed → editing → submitting → closed. The app provides the `submit` actor (the call)
 * and the `succeeded` action (announce, hand the output on); the view reads the tags `open` and `busy`.
 */
export function createFormDialogMachine<
  const TId extends string,
  const TSubmit extends string,
  TRequest extends z.ZodMiniType,
  TResult extends z.ZodMiniType,
>(
  options: FormDialogOptions<TId, TSubmit, TRequest, TResult>,
): FormDialogMachine<TSubmit, z.input<TRequest>, z.output<TRequest>, z.output<TResult>> {
  return buildFormDialogMachine(options.id, options.submitEvent, options.request) as never;
}
