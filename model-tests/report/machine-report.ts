import type { Coverage, PathTrace } from "../framework/coverage.ts";
import type { MachineModel, ModelPath } from "../framework/model.ts";
import { plainPathLines } from "../framework/plain-steps.ts";
import { anchorId, edgeId, lineId, machineDot, type TransitionStatus, transitionTitle } from "./dot.ts";
import { machineGraph } from "./machine-graph.ts";
import { type ElementMeaning, renderSvg } from "./render-svg.ts";

export type PathOutcome = "passed" | "failed" | "not run";

/** Everything the HTML report shows of one machine. */
export interface MachineReport {
  id: string;
  svg: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; excluded: number };
  paths: { total: number; passed: number };
  rows: Array<{ anchor: string; number: number; name: string; status: TransitionStatus; paths: number[] }>;
  pathItems: Array<{ anchor: string; number: number; description: string; outcome: PathOutcome; lines: string[] }>;
}

export const pathAnchor = (machineId: string, number: number) =>
  `${machineId.replace(/[^A-Za-z0-9]/g, "_")}_p${number}`;

/** The status of each transition: taken by a path, else excluded with the model's reason, else uncovered. */
export function transitionStatuses(
  model: MachineModel,
  traces: ReadonlyArray<PathTrace>,
): (name: string) => TransitionStatus {
  const reasons = new Map(model.excluded.map((e) => [e.transition, e.why]));
  return (name) => {
    const paths = traces.filter((trace) => trace.transitions.has(name)).length;
    if (paths > 0) return { kind: "covered", paths };
    const why = reasons.get(name);
    return why === undefined ? { kind: "uncovered" } : { kind: "excluded", why };
  };
}

/**
 * Lays out the machine's diagram with each transition coloured by what the paths did, and lists which paths
 * cross each transition. `outcomes` maps a path's number (from 1) to its test's result.
 */
export async function machineReport(
  model: MachineModel,
  paths: ReadonlyArray<ModelPath>,
  traces: ReadonlyArray<PathTrace>,
  coverage: Coverage,
  outcomes: ReadonlyMap<number, PathOutcome>,
): Promise<MachineReport> {
  // Anchors and the diagram carry the model's id: one page may show two models of one machine.
  const graph = { ...machineGraph(model.machine), id: model.id };
  const statusOf = transitionStatuses(model, traces);
  const meanings = new Map<string, ElementMeaning>();
  const rows = graph.transitions.map((t) => {
    const status = statusOf(t.name);
    const anchor = anchorId(graph.id, t.number);
    const meaning = { title: transitionTitle(t, status), className: `transition ${status.kind}` };
    meanings.set(edgeId(anchor), meaning);
    meanings.set(lineId(anchor), meaning);
    for (let extra = 1; extra < t.targets.length; extra += 1) meanings.set(`${edgeId(anchor)}_${extra}`, meaning);
    const crossing = traces.flatMap((trace, index) => (trace.transitions.has(t.name) ? [index + 1] : []));
    return { anchor, number: t.number, name: t.name, status, paths: crossing };
  });
  const svg = await renderSvg(machineDot(graph, statusOf), meanings);
  const pathItems = paths.map((path, index) => ({
    anchor: pathAnchor(graph.id, index + 1),
    number: index + 1,
    description: path.description,
    outcome: outcomes.get(index + 1) ?? "not run",
    lines: plainPathLines(model, path, index + 1),
  }));
  return {
    id: model.id,
    svg,
    states: { covered: coverage.states.covered, total: coverage.states.total, missing: coverage.states.missing },
    transitions: {
      covered: coverage.transitions.covered,
      total: coverage.transitions.total,
      excluded: rows.filter((r) => r.status.kind === "excluded").length,
    },
    paths: { total: paths.length, passed: pathItems.filter((p) => p.outcome === "passed").length },
    rows,
    pathItems,
  };
}
