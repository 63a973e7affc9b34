import type { GraphState, GraphTransition, MachineGraph } from "./machine-graph.ts";
import { escapeXml } from "./xml.ts";

/** How the model tests left a transition: taken by some path, left out with a reason, or neither. */
export type TransitionStatus =
  | { kind: "covered"; paths: number }
  | { kind: "excluded"; why: string }
  | { kind: "uncovered" };

export const statusColours = { covered: "#1a7f37", excluded: "#9a6700", uncovered: "#cf222e" } as const;
const edgeStyles = { covered: "solid", excluded: "dashed", uncovered: "bold" } as const;
// Graphviz sizes boxes by the metrics of a font it knows; DejaVu Sans is as wide as Verdana, which the page falls back to.
export const diagramFont = "DejaVu Sans";
const font = diagramFont;

/** The hover text of a transition: its name, and what the model tests did with it. */
export function transitionTitle(t: GraphTransition, status: TransitionStatus): string {
  if (status.kind === "covered")
    return `#${t.number} ${t.name}: covered by ${status.paths} path${status.paths === 1 ? "" : "s"}`;
  if (status.kind === "excluded") return `#${t.number} ${t.name}: excluded: ${status.why}`;
  return `#${t.number} ${t.name}: not covered by any path`;
}

/** The id of a transition's row in the report, where its arrow links to (Graphviz escapes hyphens in ids, so none). */
export const anchorId = (machineId: string, number: number) => `${machineId.replace(/[^A-Za-z0-9]/g, "_")}_t${number}`;
/** The id of a transition's arrow; more arrows of the same transition add `_<n>`. */
export const edgeId = (anchor: string) => `edge_${anchor}`;
/** The id of a transition's line in its state's box (one that stays in the state). */
export const lineId = (anchor: string) => `line_${anchor}`;

const transitionLabel = (t: GraphTransition) => `#${t.number} ${t.event}${t.guard ? ` [${t.guard}]` : ""}`;

const quote = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
const attributes = (attrs: Record<string, string | number>) =>
  `[${Object.entries(attrs)
    .map(
      ([key, value]) =>
        `${key}=${key === "label" && value.toString().startsWith("<<") ? value : typeof value === "number" ? value : quote(value)}`,
    )
    .join(", ")}]`;

const isCluster = (s: GraphState) => s.kind === "compound" || s.kind === "parallel";
const inside = (id: string, cluster: string) => id === cluster || id.startsWith(`${cluster}.`);
const clusterName = (id: string) => `cluster_${id}`;
const initialMarker = (id: string) => `${id}#initial`;

/**
 * A state's box as an HTML-like label: its name, then the transitions that stay in it (actions only), one line each
 * in its status colour, the way UML lists internal transitions. Each line is a link with its own id and hover text.
 */
function stateTable(
  state: GraphState,
  internal: ReadonlyArray<{ t: GraphTransition; status: TransitionStatus; id: string }>,
  border: number,
): string {
  const rows = internal.map(({ t, status, id }) => {
    const text = escapeXml(transitionLabel(t));
    const styled =
      status.kind === "uncovered" ? `<b>${text}</b>` : status.kind === "excluded" ? `<i>${text}</i>` : text;
    const title = escapeXml(transitionTitle(t, status));
    return `<tr><td id="${lineId(id)}" href="#${id}" tooltip="${title}" align="left"><font color="${statusColours[status.kind]}" point-size="9">${styled}</font></td></tr>`;
  });
  return `<<table border="${border}" cellborder="0" cellspacing="0" cellpadding="3" style="rounded"><tr><td>${escapeXml(state.key)}</td></tr>${rows.length ? `<hr/>${rows.join("")}` : ""}</table>>`;
}

/**
 * DOT for Graphviz: compound and parallel states are clusters (parallel regions dashed), each with a dot marking its
 * initial state; final states have a double border. A compound state that transitions, is targeted or has internal
 * transitions gets a name box inside its cluster, where its edges start and end (clipped at the cluster's border).
 */
export function machineDot(graph: MachineGraph, statusOf: (name: string) => TransitionStatus): string {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const drawn = graph.transitions.map((t) => ({ t, status: statusOf(t.name), id: anchorId(graph.id, t.number) }));
  const internalOf = (state: GraphState) => drawn.filter(({ t }) => t.source === state.id && t.targets.length === 0);
  const endpoints = new Set(graph.transitions.flatMap((t) => [t.source, ...t.targets]));
  const hasNameBox = (s: GraphState) => isCluster(s) && endpoints.has(s.id);
  const lines: string[] = [
    `digraph ${quote(graph.id)} {`,
    `  graph ${attributes({ rankdir: "LR", compound: "true", fontname: font, fontsize: 12, nodesep: 0.25, ranksep: 0.45, bgcolor: "transparent" })};`,
    `  node ${attributes({ shape: "box", style: "rounded,filled", fillcolor: "#ffffff", color: "#57606a", fontname: font, fontsize: 11, height: 0.3 })};`,
    `  edge ${attributes({ fontname: font, fontsize: 9, arrowsize: 0.7 })};`,
  ];

  const drawState = (state: GraphState, indent: string) => {
    const internal = internalOf(state);
    if (!isCluster(state)) {
      const shape: Record<string, string | number> =
        state.kind === "history"
          ? { shape: "circle", label: "H" }
          : internal.length > 0
            ? { shape: "plain", label: stateTable(state, internal, 1) }
            : { label: state.key };
      lines.push(
        `${indent}${quote(state.id)} ${attributes({ ...shape, ...(state.kind === "final" ? { peripheries: 2 } : {}), class: `state ${state.kind}` })};`,
      );
      return;
    }
    const parentIsParallel = state.parent !== null && byId.get(state.parent)?.kind === "parallel";
    lines.push(`${indent}subgraph ${quote(clusterName(state.id))} {`);
    lines.push(
      `${indent}  graph ${attributes({ label: hasNameBox(state) ? "" : state.key, style: parentIsParallel ? "dashed,rounded" : "rounded", color: "#8c959f", fontsize: 11 })};`,
    );
    if (hasNameBox(state)) {
      lines.push(
        `${indent}  ${quote(state.id)} ${attributes({ shape: "plain", style: "", label: stateTable(state, internal, 0), class: `state ${state.kind}` })};`,
      );
    }
    if (state.initial.length > 0) {
      lines.push(
        `${indent}  ${quote(initialMarker(state.id))} ${attributes({ shape: "point", width: 0.09, style: "filled", fillcolor: "#24292f", label: "", class: "initial" })};`,
      );
    }
    for (const child of graph.states.filter((s) => s.parent === state.id)) drawState(child, `${indent}  `);
    lines.push(`${indent}}`);
  };
  const root = graph.states[0];
  if (root) drawState(root, "  ");

  for (const state of graph.states) {
    for (const target of state.initial)
      lines.push(
        `  ${quote(initialMarker(state.id))} -> ${quote(target)} ${attributes({ color: "#24292f", class: "initial" })};`,
      );
  }

  for (const { t, status, id } of drawn) {
    const source = byId.get(t.source);
    const title = transitionTitle(t, status);
    t.targets.forEach((target, index) => {
      const clip: Record<string, string> = {};
      if (source && isCluster(source) && !inside(target, source.id)) clip.ltail = clusterName(source.id);
      const head = byId.get(target);
      if (head && isCluster(head) && !inside(t.source, head.id)) clip.lhead = clusterName(head.id);
      const attrs = {
        id: index === 0 ? edgeId(id) : `${edgeId(id)}_${index}`,
        class: `transition ${status.kind}`,
        label: index === 0 ? transitionLabel(t) : "",
        color: statusColours[status.kind],
        fontcolor: statusColours[status.kind],
        style: edgeStyles[status.kind],
        penwidth: status.kind === "uncovered" ? 2 : 1.2,
        tooltip: title,
        labeltooltip: title,
        href: `#${id}`,
        ...clip,
      };
      lines.push(`  ${quote(t.source)} -> ${quote(target)} ${attributes(attrs)};`);
    });
  }
  lines.push("}");
  return lines.join("\n");
}
