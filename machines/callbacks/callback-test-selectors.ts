import type { SnapshotFrom } from "xstate";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import type { FieldErrors, Failure } from "../api-failure.ts";
import type { callbackTestMachine } from "./callback-test.ts";

export interface CallbackTestView {
  open: boolean;
  busy: boolean;
  fieldErrors: FieldErrors;
  failure: Failure | null;
  /** The receiver's answer to the test event, once it came. */
  answer: CallbackAttempt | null;
}

export const selectCallbackTest = (s: SnapshotFrom<typeof callbackTestMachine>): CallbackTestView => ({
  open: !s.matches("closed"),
  busy: s.matches("sending"),
  fieldErrors: s.context.fieldErrors,
  failure: s.context.failure,
  answer: s.matches("answered") ? s.context.answer : null,
});
