import { type AnyStateMachine, type AnyTransitionDefinition, createActor, fromPromise } from "xstate";
import { getStateNodes } from "xstate/graph";
import type { MachineModel, ModelPath } from "./model.ts";

/** A transition's name in reports: source, event, guard, targets. Stable across runs. */
export function transitionName(t: AnyTransitionDefinition): string {
  const guard = t.guard
    ? ` [${typeof t.guard === "string" ? t.guard : ((t.guard as { type?: string }).type ?? "guard")}]`
    : "";
  const targets = t.target?.length ? t.target.map((n) => n.id).join(", ") : "(stays)";
  return `${t.source.id} on ${t.eventType || "always"}${guard} → ${targets}`;
}

export function allStates(machine: AnyStateMachine): string[] {
  return [...new Set([machine.root.id, ...getStateNodes(machine.root).map((n) => n.id)])];
}

export function allTransitions(machine: AnyStateMachine): string[] {
  const names: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const list of node.transitions.values()) names.push(...list.map(transitionName));
    names.push(...(node.always ?? []).map(transitionName));
  }
  return [...new Set(names)];
}

/** Actor results come from the path's own done/error events, so invoked actors never settle by themselves. */
export function inertCopy(machine: AnyStateMachine): AnyStateMachine {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, never]));
  return machine.provide({ actors });
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[]; coveredNames: Set<string> };
}

/** What one path did on a live actor, as the machine itself reports it. */
export interface PathTrace {
  transitions: Set<string>;
  states: Set<string>;
}

const activeNodes = (snapshot: unknown) => (snapshot as { _nodes: Array<{ id: string }> })._nodes;

/** Replays each path on a live actor and records the transitions it takes and the states it visits. */
export function tracePaths(model: MachineModel, paths: ReadonlyArray<ModelPath>): PathTrace[] {
  const machine = inertCopy(model.machine);
  return paths.map((path) => {
    const trace: PathTrace = { transitions: new Set(), states: new Set() };
    const actor = createActor(machine, {
      input: path.input,
      inspect: (event) => {
        if (event.type !== "@xstate.microstep") return;
        for (const t of event._transitions) {
          trace.transitions.add(transitionName(t));
          trace.states.add(t.source.id);
        }
        for (const node of activeNodes(event.snapshot)) trace.states.add(node.id);
      },
    });
    actor.start();
    for (const node of activeNodes(actor.getSnapshot())) trace.states.add(node.id);
    for (const step of path.steps.slice(1)) actor.send(step.event);
    actor.stop();
    return trace;
  });
}

/** Every transition and state the paths take, against all of the machine's. */
export function replayCoverage(model: MachineModel, paths: ReadonlyArray<ModelPath>): Coverage {
  return coverageOf(model, tracePaths(model, paths));
}

export function coverageOf(model: MachineModel, traces: ReadonlyArray<PathTrace>): Coverage {
  const takenTransitions = new Set<string>();
  const visitedStates = new Set<string>();
  for (const trace of traces) {
    for (const t of trace.transitions) takenTransitions.add(t);
    for (const s of trace.states) visitedStates.add(s);
  }
  const states = allStates(model.machine);
  const transitions = allTransitions(model.machine);
  return {
    states: {
      covered: states.filter((s) => visitedStates.has(s)).length,
      total: states.length,
      missing: states.filter((s) => !visitedStates.has(s)),
    },
    transitions: {
      covered: transitions.filter((t) => takenTransitions.has(t)).length,
      total: transitions.length,
      missing: transitions.filter((t) => !takenTransitions.has(t)),
      coveredNames: takenTransitions,
    },
  };
}
