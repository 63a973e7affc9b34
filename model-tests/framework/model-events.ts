import type { AnyStateMachine, DoneActorEvent, ErrorActorEvent, OutputFrom, StateMachine } from "xstate";
import { getStateNodes } from "xstate/graph";

/** The actors of the machine's `setup({ actors })`, as XState types them: `{ src, logic, id }`. */
type SetupActors<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer TActor,
    infer _Action,
    infer _Guard,
    infer _Delay,
    infer _StateValue,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Schema,
    infer _TransitionMeta
  >
    ? TActor
    : never;

type SetupDelays<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer _Actor,
    infer _Action,
    infer _Guard,
    infer TDelay,
    infer _StateValue,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Schema,
    infer _TransitionMeta
  >
    ? TDelay
    : never;

/** A name of the machine's `setup({ actors })`. */
export type ActorName<M> = SetupActors<M>["src"] & string;

/** What that actor resolves with (a `fromPromise<Output>` actor's Output). */
export type ActorOutput<M, K> = OutputFrom<Extract<SetupActors<M>, { src: K }>["logic"]>;

/**
 * Invoke ids that differ from the name of the actor they run, e.g. `{ reloginLogout: "logout" }`.
 * XState's types know an invoke's id only when it equals its actor's name or sits at the root.
 */
export type InvokeAliases<M> = Readonly<Record<string, ActorName<M>>>;
export type NoAliases = Readonly<Record<never, never>>;

/** The answer to one invoked actor as a path step: `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. */
type ResultOf<Id extends string, Output> = DoneActorEvent<Output, Id> | ErrorActorEvent<unknown, Id>;

export type ActorResultEvent<M, A extends InvokeAliases<M> = NoAliases> =
  | { [K in ActorName<M>]: ResultOf<K, ActorOutput<M, K>> }[ActorName<M>]
  | { [K in keyof A & string]: ResultOf<K, ActorOutput<M, A[K]>> }[keyof A & string];

/** A delayed transition coming due: `xstate.after.<delay>.<state id>`. */
export type AfterEvent<M> = { type: `xstate.after.${SetupDelays<M> | number}.${string}` };

/** Where each invoke id of the machine runs which actor, read from its definition. */
export function invokesOf(machine: AnyStateMachine): Map<string, string> {
  const invokes = new Map<string, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const invoke of node.invoke) invokes.set(invoke.id, typeof invoke.src === "string" ? invoke.src : invoke.id);
  }
  return invokes;
}

function delayedEventsOf(machine: AnyStateMachine): Set<string> {
  return new Set([machine.root, ...getStateNodes(machine.root)].flatMap((node) => node.after.map((t) => t.eventType)));
}

/**
 * Typed builders of the events a path supplies for the machine's invoked actors and delays, checked against the
 * machine when the model loads: `done("login", loginResult)`, `failed("login", failure(…))`, `after("orderPoll", "orderPayment.open.feed.polling.pause")`.
 */
export function eventBuilders<M extends AnyStateMachine, const A extends InvokeAliases<M> = NoAliases>(
  machine: M,
  aliases?: A,
) {
  const invokes = invokesOf(machine);
  const known = () => [...invokes.keys()].join(", ") || "none";
  for (const [id, src] of Object.entries(aliases ?? {})) {
    if (invokes.get(id) !== src)
      throw new Error(
        `${machine.id}: alias ${id} → ${src} does not match an invoke of the machine (invokes: ${known()})`,
      );
  }
  const check = (id: string) => {
    const src = invokes.get(id);
    if (src === undefined) throw new Error(`${machine.id} has no invoke with id "${id}" (invokes: ${known()})`);
    if (src !== id && !(aliases && id in aliases)) {
      throw new Error(
        `${machine.id}: invoke "${id}" runs actor "${src}"; name it in eventBuilders' aliases: { ${id}: "${src}" }`,
      );
    }
  };
  const delayed = delayedEventsOf(machine);

  function done<K extends ActorName<M>>(id: K, output: ActorOutput<M, K>): DoneActorEvent<ActorOutput<M, K>, K>;
  function done<K extends keyof A & string>(
    id: K,
    output: ActorOutput<M, A[K]>,
  ): DoneActorEvent<ActorOutput<M, A[K]>, K>;
  function done(id: string, output: unknown) {
    check(id);
    return { type: `xstate.done.actor.${id}`, output, actorId: id };
  }

  function failed<K extends ActorName<M> | (keyof A & string), E>(id: K, error: E): ErrorActorEvent<E, K> {
    check(id);
    return { type: `xstate.error.actor.${id}`, error, actorId: id };
  }

  function after<D extends SetupDelays<M> | number, S extends string>(
    delay: D,
    stateId: S,
  ): { type: `xstate.after.${D}.${S}` } {
    const type = `xstate.after.${delay}.${stateId}` as const;
    if (!delayed.has(type))
      throw new Error(`${machine.id} has no delayed transition ${type} (has: ${[...delayed].join(", ") || "none"})`);
    return { type };
  }

  return { done, failed, after };
}

/** An actor result event taken apart, or null for any other event. */
export function actorResultOf(event: {
  type: string;
}): { id: string; outcome: { output: unknown } | { error: unknown } } | null {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!match?.[2]) return null;
  const e = event as { output?: unknown; error?: unknown };
  return { id: match[2], outcome: match[1] === "done" ? { output: e.output } : { error: e.error } };
}
