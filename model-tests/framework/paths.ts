import { type AnyStateMachine, initialTransition, transition } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { type PathTrace, tracePaths, transitionName } from "./coverage.ts";
import { type MachineModel, type ModelPath, stateLabel } from "./model.ts";
import type { InvokeAliases, NoAliases } from "./model-events.ts";
import { itemsOf, walksCovering } from "./walks.ts";

/**
 * Shortest paths to every reachable state, then one extra step wherever a transition is still untaken,
 * so the set covers every transition the events can reach. A model whose harness goes on from where a step left the
 * console (`walks`) gets walks that show all those paths show (walks.ts).
 */
export function generatePaths<M extends AnyStateMachine, A extends InvokeAliases<M> = NoAliases>(
  model: MachineModel<M, A>,
): ModelPath<M, A>[] {
  const { paths, traces } = independentPaths(model);
  return model.walks ? walksCovering(model, paths, { traces }) : paths;
}

function independentPaths<M extends AnyStateMachine, A extends InvokeAliases<M> = NoAliases>(
  model: MachineModel<M, A>,
): { paths: ModelPath<M, A>[]; traces: PathTrace[] } {
  const paths: ModelPath<M, A>[] = [];
  const replays: Replays = new Map();
  for (const start of model.starts) {
    const serialize = model.serialize;
    const options = {
      events: model.events,
      input: start.input,
      ...(serialize ? { serializeState: (snapshot: never) => serialize(snapshot) } : {}),
    };
    const shortest = getShortestPaths(model.machine, options as never);
    for (const path of shortest) paths.push(toModelPath(model, start, path.steps as ModelPath<M, A>["steps"], replays));
  }

  // Each path's trace is its own: the covered set grows by the new path's alone, and the covering set reads the same
  // traces (replaying every path after each extension took 2.7 of the 3.0 s that the stage's files spent on paths).
  const first = tracePaths(model as never, paths as never);
  const traces = new Map<ModelPath<M, A>, PathTrace>(paths.map((path, i) => [path, first[i]!]));
  const covered = new Set([...traces.values()].flatMap((trace) => [...trace.transitions]));
  for (const base of [...paths]) {
    const end = base.steps.at(-1)?.state;
    if (!end || (end as { status: string }).status !== "active") continue;
    for (const event of model.events(end)) {
      const taken = model.machine.getTransitionData(end as never, event as never);
      if (taken.length === 0 || taken.every((t) => covered.has(transitionName(t)))) continue;
      const [next] = transition(model.machine, end as never, event as never);
      const extended = toModelPath(
        model,
        { name: base.start, input: base.input },
        [...base.steps, { event, state: next }],
        replays,
      );
      paths.push(extended);
      const [trace] = tracePaths(model as never, [extended as never]) as [PathTrace];
      traces.set(extended, trace);
      for (const name of trace.transitions) covered.add(name);
    }
  }
  const kept = withoutPrefixes(paths);
  const chosen = coveringSet(
    model,
    kept,
    kept.map((path) => traces.get(path) as PathTrace),
  );
  return { paths: chosen, traces: chosen.map((path) => traces.get(path) as PathTrace) };
}

/**
 * The fewest paths (greedily) that still visit every state, take every transition and reach every distinct snapshot
 * (`serialize`'s key, the graph's notion of a state) that the whole set does, each checked on screen: a path whose
 * every step another path's steps already show proves nothing more. The shortest-path tree repeats its trunk in every
 * branch; the session machine's 78 paths of 487 steps need 37 of 183. Order is kept, so the report's numbers follow
 * the graph.
 */
export function coveringSet<M extends AnyStateMachine, A extends InvokeAliases<M>>(
  model: MachineModel<M, A>,
  paths: ModelPath<M, A>[],
  traces: ReadonlyArray<PathTrace> = tracePaths(model as never, paths as never),
): ModelPath<M, A>[] {
  const shows = itemsOf(model as never, paths as never, traces);
  const unseen = new Set(shows.flatMap((items) => [...items]));
  const chosen = new Set<number>();
  while (unseen.size > 0) {
    let best = -1;
    let bestNew = 0;
    for (const [i, items] of shows.entries()) {
      let fresh = 0;
      for (const item of items) if (unseen.has(item)) fresh++;
      if (fresh > bestNew || (fresh === bestNew && fresh > 0 && paths[i]!.steps.length < paths[best]!.steps.length)) {
        best = i;
        bestNew = fresh;
      }
    }
    chosen.add(best);
    for (const item of shows[best]!) unseen.delete(item);
  }
  return paths.filter((_, i) => chosen.has(i));
}

/**
 * A path checks the screen after every step, so one whose steps open a longer path of the same start proves nothing
 * the longer one does not: it is dropped (a shortest-path tree has many, and each extension makes its base one). The
 * states and transitions covered stay the same; the run takes half the paths.
 */
function withoutPrefixes<P extends { start: string; steps: ReadonlyArray<{ event: unknown }> }>(paths: P[]): P[] {
  const keys = paths.map((path) => [path.start, ...path.steps.slice(1).map((step) => JSON.stringify(step.event))]);
  const opens = (short: string[], long: string[]) =>
    short.length < long.length && short.every((part, i) => part === long[i]);
  return paths.filter((_, i) => !keys.some((other) => opens(keys[i]!, other)));
}

/** Snapshots already replayed, by start input and then by each step's event object (paths share their trunk's). */
interface Replayed {
  state: unknown;
  next: Map<unknown, Replayed>;
}
type Replays = Map<unknown, Replayed>;

/**
 * Recomputes every step's snapshot from the events. With a coarse `serialize`, the graph may hand back a
 * snapshot that was reached another way (same key, other context); replaying keeps each path truthful. A step the
 * same events from the same input already reached is not computed again (a third of the time spent on paths).
 */
function replay<M extends AnyStateMachine, A extends InvokeAliases<M>>(
  machine: M,
  input: unknown,
  steps: ModelPath<M, A>["steps"],
  replays: Replays,
): ModelPath<M, A>["steps"] {
  const [first, ...rest] = steps;
  if (!first) return steps;
  let node: Replayed = replays.get(input) ?? { state: initialTransition(machine, input as never)[0], next: new Map() };
  replays.set(input, node);
  const replayed = [{ event: first.event, state: node.state }];
  for (const step of rest) {
    let next: Replayed | undefined = node.next.get(step.event);
    if (!next) {
      next = { state: transition(machine, node.state as never, step.event as never)[0], next: new Map() };
      node.next.set(step.event, next);
    }
    node = next;
    replayed.push({ event: step.event, state: node.state });
  }
  return replayed as ModelPath<M, A>["steps"];
}

function toModelPath<M extends AnyStateMachine, A extends InvokeAliases<M>>(
  model: MachineModel<M, A>,
  start: { name: string; input: unknown },
  given: ModelPath<M, A>["steps"],
  replays: Replays,
): ModelPath<M, A> {
  const steps = replay(model.machine, start.input, given, replays);
  const last = steps.at(-1)?.state;
  const via = steps
    .slice(1)
    .map((s) => s.event.type)
    .join(" → ");
  return {
    start: start.name,
    input: start.input as ModelPath<M, A>["input"],
    steps,
    description: `${model.id}${start.name ? ` (${start.name})` : ""}: reaches ${stateLabel((last as { value?: unknown } | undefined)?.value)}${via ? ` via ${via}` : ""}`,
  };
}
