import type { SnapshotFrom } from "xstate";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import type { Failure } from "../api-failure.ts";
import type { callbackRedeliverMachine } from "./callback-redeliver.ts";

/** The redelivery dialog: closed, the call under way, the new attempt's answer, or the refusal. */
export type RedeliverView =
  | { kind: "closed" }
  | { kind: "sending" }
  | { kind: "answered"; answer: CallbackAttempt }
  | { kind: "failed"; failure: Failure | null };

export function selectRedeliver(s: SnapshotFrom<typeof callbackRedeliverMachine>): RedeliverView {
  const { answer, failure } = s.context;
  if (s.matches("sending")) return { kind: "sending" };
  if (s.matches("answered") && answer) return { kind: "answered", answer };
  if (s.matches("failed")) return { kind: "failed", failure };
  return { kind: "closed" };
}

/** Whether a row's Redeliver may be pressed: not while another redelivery is open. */
export const selectCanRedeliver = (s: SnapshotFrom<typeof callbackRedeliverMachine>): boolean =>
  s.can({ type: "attempt.redeliver", attemptId: "1" });
