import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from "xstate";
import type { ActorResultEvent, AfterEvent, InvokeAliases, NoAliases } from "./model-events.ts";

/** An event of a path: the machine's own events, its invoked actors' results (built with `done` / `failed`) and delays coming due. */
export type ModelEvent<M extends AnyStateMachine, A extends InvokeAliases<M> = NoAliases> =
  | EventFromLogic<M>
  | ActorResultEvent<M, A>
  | AfterEvent<M>;
export type ModelSnapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

/**
 * What QA needs to walk one machine: the events a merchant (or the server) can cause, and how to say them.
 * `A` names invoke ids that differ from their actor's name (see `eventBuilders`).
 */
export interface MachineModel<M extends AnyStateMachine = AnyStateMachine, A extends InvokeAliases<M> = NoAliases> {
  id: string;
  machine: M;
  /** One traversal per starting situation, e.g. signed out and signed in. */
  starts: ReadonlyArray<{ name: string; input: InputFrom<M> }>;
  /** The bounded set of events tried in a state. Actor results are events too: build them with `eventBuilders(machine)`'s `done` / `failed`. */
  events: (snapshot: ModelSnapshot<M>) => ReadonlyArray<ModelEvent<M, A>>;
  /** What makes two snapshots the same state for path generation; defaults to value + context. */
  serialize?: (snapshot: ModelSnapshot<M>) => string;
  /** A step as a sentence a tester can follow by hand. */
  describeEvent: (event: ModelEvent<M, A>) => string;
  /** What the merchant must see in a state. */
  describeState: (snapshot: ModelSnapshot<M>) => string;
  /** Paths go on from where the last step left the console (walks) rather than each from a fresh one. */
  walks?: boolean;
  /**
   * The starts are worlds the harness makes differently (two-factor off and on) while the machine
   * starts alike: each start's snapshots count as its own, so every start is shown every snapshot it reaches. Without
   * it a start whose snapshots another start already showed gets no path, and what its harness checks never runs.
   */
  keysPerStart?: boolean;
  /** Transitions no generated path takes, each with the reason (named as coverage names them). */
  excluded: ReadonlyArray<{ transition: string; why: string }>;
}

export interface ModelPath<M extends AnyStateMachine = AnyStateMachine, A extends InvokeAliases<M> = NoAliases> {
  start: string;
  input: InputFrom<M>;
  steps: ReadonlyArray<{ event: ModelEvent<M, A>; state: ModelSnapshot<M> }>;
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
