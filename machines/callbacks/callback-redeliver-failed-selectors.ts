import type { SnapshotFrom } from "xstate";
import type { FieldErrors, Failure } from "../api-failure.ts";
import type { redeliverFailedMachine } from "./callback-redeliver-failed.ts";

export interface RedeliverFailedView {
  open: boolean;
  /** The form shows (editing or sending); after the answer, only how many were queued. */
  phase: "form" | "done";
  busy: boolean;
  fieldErrors: FieldErrors;
  failure: Failure | null;
  queued: number | null;
}

export const selectRedeliverFailed = (s: SnapshotFrom<typeof redeliverFailedMachine>): RedeliverFailedView => ({
  open: !s.matches("closed"),
  phase: s.matches("done") ? "done" : "form",
  busy: s.matches("sending"),
  fieldErrors: s.context.fieldErrors,
  failure: s.context.failure,
  queued: s.context.queued,
});
