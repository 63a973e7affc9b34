import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  getMicrosteps,
  initialTransition,
  transition,
} from "xstate";
import { inertCopy, type PathTrace, tracePaths, transitionName } from "./coverage.ts";
import { type MachineModel, type ModelPath, stateLabel } from "./model.ts";
import type { InvokeAliases } from "./model-events.ts";

/** The most steps a walk takes before the next one starts on a fresh console: a failure stays near its cause. */
export const walkSteps = 60;

/**
 * A snapshot's key: `serialize`'s, or its value and context. Two snapshots of one key count as one state; with
 * `keysPerStart`, only when they are of the same start.
 */
export const keyOf = (model: MachineModel, start: string) => {
  const own = model.keysPerStart ? `${JSON.stringify(start)} ` : "";
  return (snapshot: unknown): string =>
    model.serialize
      ? `key ${own}${model.serialize(snapshot as never)}`
      : `key ${own}${JSON.stringify({ value: (snapshot as { value: unknown }).value, context: (snapshot as { context: unknown }).context })}`;
};

/**
 * What each path shows on screen: its start (a world the harness makes: a start no path begins from has its checks
 * never run), the states it visits, the transitions it takes, the snapshot keys of its steps.
 */
export function itemsOf(model: MachineModel, paths: ReadonlyArray<ModelPath>, traces: ReadonlyArray<PathTrace>) {
  return paths.map((path, i) => {
    const key = keyOf(model, path.start);
    return new Set([
      `start ${path.start}`,
      ...[...traces[i]!.states].map((state) => `state ${state}`),
      ...[...traces[i]!.transitions].map((name) => `transition ${name}`),
      ...path.steps.map((step) => key(step.state)),
    ]);
  });
}

type Snapshot = AnyMachineSnapshot;
const activeNodes = (snapshot: unknown) =>
  (snapshot as { _nodes: Array<{ id: string; always?: AnyTransitionDefinition[] }> })._nodes;

/**
 * The walks' map of the machine, one node per snapshot key, drawn as the walks need it. A node's snapshot is the first
 * one met with that key: it plans routes, but a walk takes each step from the snapshot it is really in.
 */
class Planner {
  private readonly nodes = new Map<string, { state: Snapshot; events: unknown[]; edges?: Edge[] }>();
  private readonly model: MachineModel;
  private readonly key: (snapshot: unknown) => string;
  constructor(model: MachineModel, key: (snapshot: unknown) => string) {
    this.model = model;
    this.key = key;
  }

  node(state: Snapshot) {
    const key = this.key(state);
    let node = this.nodes.get(key);
    if (!node) {
      const events = state.status === "active" ? [...this.model.events(state as never)] : [];
      node = { state, events };
      this.nodes.set(key, node);
    }
    return node;
  }

  private edges(key: string): Edge[] {
    const node = this.nodes.get(key)!;
    node.edges ??= node.events.map((event) => {
      const { items, next } = stepItems(this.model, this.key, node.state, event);
      this.node(next);
      return { to: this.key(next), items };
    });
    return node.edges;
  }

  /** The shortest route from `from` to a step that shows one of `wanted`: each step an index into the events offered. */
  route(
    from: string,
    wanted: (item: string) => boolean,
  ): Array<{ index: number; to: string; wanted: string[] }> | null {
    const back = new Map<string, { from: string; index: number } | null>([[from, null]]);
    let layer = [from];
    while (layer.length > 0) {
      const next: string[] = [];
      for (const key of layer)
        for (const [index, edge] of this.edges(key).entries()) {
          const found = edge.items.filter(wanted);
          if (found.length > 0) return [...this.steps(back, key), { index, to: edge.to, wanted: found }];
          if (back.has(edge.to)) continue;
          back.set(edge.to, { from: key, index });
          next.push(edge.to);
        }
      layer = next;
    }
    return null;
  }

  private steps(back: Map<string, { from: string; index: number } | null>, to: string) {
    const steps: Array<{ index: number; to: string; wanted: string[] }> = [];
    for (let key = to, at = back.get(key); at; key = at.from, at = back.get(key))
      steps.unshift({ index: at.index, to: key, wanted: [] });
    return steps;
  }
}
type Edge = { to: string; items: string[] };

/** What one step shows as far as the pure functions tell; eventless transitions are guessed from the states entered. */
function stepItems(model: MachineModel, key: (s: unknown) => string, from: Snapshot, event: unknown) {
  const items: string[] = [];
  const microsteps = getMicrosteps(model.machine, from as never, event as never).map(([s]) => s as Snapshot);
  let previous = from;
  for (const [index, snapshot] of microsteps.entries()) {
    const after = new Set(activeNodes(snapshot).map((n) => n.id));
    const taken =
      index === 0
        ? model.machine.getTransitionData(from as never, event as never)
        : activeNodes(previous).flatMap((n) =>
            (n.always ?? []).filter((t) => (t.target ?? []).every((target) => after.has(target.id))),
          );
    for (const t of taken) items.push(`transition ${transitionName(t)}`, `state ${t.source.id}`);
    for (const id of after) items.push(`state ${id}`);
    previous = snapshot;
  }
  const next = microsteps.at(-1) ?? (transition(model.machine, from as never, event as never)[0] as Snapshot);
  items.push(key(next));
  return { items: [...new Set(items)], next };
}

/** As `Planner.route`, from the snapshot itself rather than its key's stand-in. */
function nearest(model: MachineModel, key: (s: unknown) => string, from: Snapshot, wanted: (item: string) => boolean) {
  const visited = new Set([key(from)]);
  let layer: Array<{ state: Snapshot; route: Array<{ index: number; to: string }> }> = [{ state: from, route: [] }];
  while (layer.length > 0) {
    const next: typeof layer = [];
    for (const { state, route } of layer) {
      if (state.status !== "active") continue;
      for (const [index, event] of model.events(state as never).entries()) {
        const { items, next: reached } = stepItems(model, key, state, event);
        const extended = [...route, { index, to: key(reached) }];
        if (items.some(wanted)) return extended;
        if (visited.has(key(reached))) continue;
        visited.add(key(reached));
        next.push({ state: reached, route: extended });
      }
    }
    layer = next;
  }
  return null;
}

/**
 * Walks that show every item of `targets` they can: each starts on a fresh console and goes, by the shortest route of
 * offered events, to the nearest step that shows something no step before showed, and on from there, until nothing
 * new is within reach or it would take more than `maxSteps` steps. Every step is taken from the snapshot the walk is really in,
 * with an event the model offers there; what a step shows is recorded on a live copy of the machine.
 */
function walkPaths<M extends AnyStateMachine, A extends InvokeAliases<M>>(
  model: MachineModel<M, A>,
  targets: ReadonlySet<string>,
  maxSteps: number,
): { walks: ModelPath<M, A>[]; unseen: Set<string> } {
  // One map of the machine for all starts, or one a start when each start's keys are its own.
  const planners = new Map<string, Planner>();
  const unseen = new Set(targets);
  // Items a route was planned to show and did not (its snapshot's stand-in differed): left to the shortest paths.
  const missed = new Set<string>();
  const wanted = (item: string) => unseen.has(item) && !missed.has(item);
  const walks: ModelPath<M, A>[] = [];
  const inert = inertCopy(model.machine);
  for (const start of model.starts) {
    const key = keyOf(model as never, start.name);
    const mapName = model.keysPerStart ? start.name : "";
    const planner = planners.get(mapName) ?? new Planner(model as never, key);
    planners.set(mapName, planner);
    for (;;) {
      const before = unseen.size;
      const [first] = initialTransition(model.machine, start.input as never);
      const steps: Array<{ event: unknown; state: Snapshot }> = [{ event: { type: "xstate.init" }, state: first }];
      const live = createActor(inert, {
        input: start.input,
        inspect: (event) => {
          if (event.type !== "@xstate.microstep") return;
          for (const t of event._transitions) {
            unseen.delete(`transition ${transitionName(t)}`);
            unseen.delete(`state ${t.source.id}`);
          }
          for (const node of activeNodes(event.snapshot)) unseen.delete(`state ${node.id}`);
        },
      });
      live.start();
      unseen.delete(`start ${start.name}`);
      for (const node of activeNodes(live.getSnapshot())) unseen.delete(`state ${node.id}`);
      unseen.delete(key(first));
      planner.node(first);
      // Takes a planned step from the snapshot the walk is in: false when that snapshot offers other events than its
      // key's stand-in, or leads elsewhere.
      const take = (planned: { index: number; to: string }, exact: boolean) => {
        const at = steps.at(-1)!.state;
        const offered = model.events(at as never);
        const event = offered[planned.index] as { type: string } | undefined;
        if (!exact) {
          const standIn = planner.node(at).events;
          if (offered.length !== standIn.length || event?.type !== (standIn[planned.index] as { type: string }).type)
            return false;
        }
        live.send(event as never);
        const [state] = transition(model.machine, at as never, event as never);
        steps.push({ event, state: state as Snapshot });
        unseen.delete(key(state));
        planner.node(state as Snapshot);
        return exact || key(state) === planned.to;
      };
      for (;;) {
        const current = steps.at(-1)!.state;
        const route = planner.route(key(current), wanted);
        if (!route || (steps.length > 1 && steps.length - 1 + route.length > maxSteps)) break;
        const had = unseen.size;
        for (const planned of route) if (!take(planned, false)) break;
        if (unseen.size < had) continue;
        // The stand-in misled: the same search from the snapshot itself.
        const exact = nearest(model as never, key, steps.at(-1)!.state, wanted);
        if (exact && steps.length - 1 + exact.length <= maxSteps) for (const planned of exact) take(planned, true);
        if (unseen.size === had) for (const item of route.at(-1)!.wanted) missed.add(item);
      }
      live.stop();
      if (unseen.size === before) break;
      walks.push(toWalk(model, start, steps as never));
    }
  }
  return { walks, unseen };
}

/**
 * Walks showing every state, transition and snapshot key that `paths` (independent shortest paths) show, and each of
 * those paths that shows something no walk reached.
 */
export function walksCovering<M extends AnyStateMachine, A extends InvokeAliases<M>>(
  model: MachineModel<M, A>,
  paths: ModelPath<M, A>[],
  {
    traces = tracePaths(model as never, paths as never),
    maxSteps = walkSteps,
  }: { traces?: ReadonlyArray<PathTrace>; maxSteps?: number } = {},
): ModelPath<M, A>[] {
  const shows = itemsOf(model as never, paths as never, traces);
  const { walks, unseen } = walkPaths(model, new Set(shows.flatMap((items) => [...items])), maxSteps);
  const kept = [...walks];
  while (unseen.size > 0) {
    const best = shows
      .map((items, i) => ({ i, fresh: [...items].filter((item) => unseen.has(item)).length }))
      .reduce((a, b) => (b.fresh > a.fresh ? b : a));
    if (best.fresh === 0) throw new Error(`${model.id}: no path shows ${[...unseen].join(", ")}`);
    kept.push(paths[best.i]!);
    for (const item of shows[best.i]!) unseen.delete(item);
  }
  return kept;
}

function toWalk<M extends AnyStateMachine, A extends InvokeAliases<M>>(
  model: MachineModel<M, A>,
  start: { name: string; input: unknown },
  steps: ModelPath<M, A>["steps"],
): ModelPath<M, A> {
  const label = (step: { state: unknown } | undefined) => stateLabel((step?.state as { value?: unknown })?.value);
  return {
    start: start.name,
    input: start.input as ModelPath<M, A>["input"],
    steps,
    description: `${model.id}${start.name ? ` (${start.name})` : ""}: walks ${steps.length - 1} steps from ${label(steps[0])} to ${label(steps.at(-1))}`,
  };
}
