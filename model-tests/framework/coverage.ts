import { type AnyStateMachine, type AnyTransitionDefinition, createActor, fromPromise } from "xstate";
import { getStateNodes } from "xstate/graph";
import type { MachineModel, ModelPath } from "./model.ts";

/** A transition's name in reports: source, event, guard, targets. Stable across runs. */
export function transitionName(t: AnyTransitionDefinition): string {
  const guard = t.guard ? ` [${typeof t.guard === "string" ? t.guard : ((t.guard as { type?: string }).type ?? "guard")}]` : "";
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
function inertCopy(machine: AnyStateMachine): AnyStateMachine {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, never]));
  return machine.provide({ actors });
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[]; coveredNames: Set<string> };
}

/** Replays the paths on a live actor and records every transition and state the machine itself reports. */
export function replayCoverage(model: MachineModel, paths: ReadonlyArray<ModelPath>): Coverage {
  const machine = inertCopy(model.machine);
  const takenTransitions = new Set<string>();
  const visitedStates = new Set<string>();
  for (const path of paths) {
    const actor = createActor(machine, {
      input: path.input,
      inspect: (event) => {
        if (event.type !== "@xstate.microstep") return;
        for (const t of event._transitions) {
          takenTransitions.add(transitionName(t));
          visitedStates.add(t.source.id);
        }
        for (const node of (event.snapshot as unknown as { _nodes: Array<{ id: string }> })._nodes) visitedStates.add(node.id);
      },
    });
    actor.start();
    for (const node of (actor.getSnapshot() as unknown as { _nodes: Array<{ id: string }> })._nodes) visitedStates.add(node.id);
    for (const step of path.steps.slice(1)) actor.send(step.event);
    actor.stop();
  }
  const states = allStates(model.machine);
  const transitions = allTransitions(model.machine);
  return {
    states: { covered: states.filter((s) => visitedStates.has(s)).length, total: states.length, missing: states.filter((s) => !visitedStates.has(s)) },
    transitions: {
      covered: transitions.filter((t) => takenTransitions.has(t)).length,
      total: transitions.length,
      missing: transitions.filter((t) => !takenTransitions.has(t)),
      coveredNames: takenTransitions,
    },
  };
}
