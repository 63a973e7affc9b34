import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from "xstate";

export type ModelEvent<M extends AnyStateMachine> = EventFromLogic<M>;
export type ModelSnapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

/** What QA needs to walk one machine: the events a merchant (or the server) can cause, and how to say them. */
export interface MachineModel<M extends AnyStateMachine = AnyStateMachine> {
  id: string;
  machine: M;
  /** One traversal per starting situation, e.g. signed out and signed in. */
  starts: ReadonlyArray<{ name: string; input: InputFrom<M> }>;
  /** The bounded set of events tried in a state. Actor results are events too: xstate.done.actor.<id> / xstate.error.actor.<id>. */
  events: (snapshot: ModelSnapshot<M>) => ReadonlyArray<ModelEvent<M>>;
  /** What makes two snapshots the same state for path generation; defaults to value + context. */
  serialize?: (snapshot: ModelSnapshot<M>) => string;
  /** A step as a sentence a tester can follow by hand. */
  describeEvent: (event: ModelEvent<M>) => string;
  /** What the merchant must see in a state. */
  describeState: (snapshot: ModelSnapshot<M>) => string;
  /** Transitions no generated path takes, each with the reason (named as coverage names them). */
  excluded: ReadonlyArray<{ transition: string; why: string }>;
}

export interface ModelPath<M extends AnyStateMachine = AnyStateMachine> {
  start: string;
  input: InputFrom<M>;
  steps: ReadonlyArray<{ event: ModelEvent<M>; state: ModelSnapshot<M> }>;
  description: string;
}

/** Shortest ids, so paths and reports read as `signedIn.ready` rather than `session.signedIn.ready`. */
export const stateLabel = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => {
        const rest = stateLabel(inner);
        return rest ? `${key}.${rest}` : key;
      })
      .join(" + ");
  }
  return "";
};
