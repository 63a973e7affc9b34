import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";
import { getStateNodes } from "xstate/graph";
import { transitionName } from "../framework/coverage.ts";

export type StateKind = "atomic" | "compound" | "parallel" | "final" | "history";

export interface GraphState {
  /** Full id, e.g. `session.signedIn.ready`. */
  id: string;
  /** Own name, e.g. `ready`; the machine id for the root. */
  key: string;
  kind: StateKind;
  parent: string | null;
  /** The child ids a compound state starts in. */
  initial: string[];
}

export interface GraphTransition {
  /** As coverage names it: `session.signedOut on login.submit [loginFormValid] → session.loggingIn`. */
  name: string;
  /** Counts from 1, in the order of the coverage report; the diagram labels the edge with it. */
  number: number;
  source: string;
  /** Empty when the transition stays in its state (actions only). */
  targets: string[];
  event: string;
  guard: string | null;
}

export interface MachineGraph {
  id: string;
  /** The root first, then every state in document order. */
  states: GraphState[];
  transitions: GraphTransition[];
}

const kindOf = (node: AnyStateNode): StateKind =>
  node.type === "compound" && Object.keys(node.states).length === 0 ? "atomic" : node.type;

/** A guard as written: a name, or `and(…)` / `or(…)` / `not(…)` of names (which coverage names only `guard`). */
function guardText(guard: unknown): string {
  if (typeof guard === "string") return guard;
  const { name, guards, type } = guard as { name?: string; guards?: unknown[]; type?: string };
  if (typeof guard === "function" && Array.isArray(guards)) {
    if (name === "not") return `not ${guards.map(guardText).join("")}`;
    if (name === "and" || name === "or") return guards.map(guardText).join(` ${name} `);
  }
  return type ?? "guard";
}

const guardName = (t: AnyTransitionDefinition): string | null => (t.guard ? guardText(t.guard) : null);

/** The event as a tester reads it on the diagram: `login done`, `after statusPoll`, `always`. */
export function eventLabel(eventType: string): string {
  if (eventType === "") return "always";
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[2]} ${actor[1] === "done" ? "done" : "failed"}`;
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delay) return `after ${delay[1]}`;
  if (eventType.startsWith("xstate.done.state.")) return "done";
  return eventType;
}

/** States and transitions of a machine, read from its definition, ready to be drawn. */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const states = nodes.map((node) => ({
    id: node.id,
    key: node === machine.root ? machine.id : node.key,
    kind: kindOf(node),
    parent: node.parent?.id ?? null,
    initial: node.type === "compound" ? (node.initial?.target ?? []).map((t: AnyStateNode) => t.id) : [],
  }));
  const transitions: GraphTransition[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    const definitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of definitions) {
      const name = transitionName(t);
      if (seen.has(name)) continue;
      seen.add(name);
      transitions.push({
        name,
        number: transitions.length + 1,
        source: t.source.id,
        targets: (t.target ?? []).map((target) => target.id),
        event: eventLabel(t.eventType),
        guard: guardName(t),
      });
    }
  }
  return { id: machine.id, states, transitions };
}
