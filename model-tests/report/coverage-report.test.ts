import { describe, expect, it } from "vitest";
import { fromPromise, setup } from "xstate";
import { coverageOf, tracePaths } from "../framework/coverage.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { generatePaths } from "../framework/paths.ts";
import { machineDot, statusColours } from "./dot.ts";
import { machineGraph } from "./machine-graph.ts";
import { machineReport } from "./machine-report.ts";
import { reportHtml } from "./report-html.ts";

const tinyMachine = setup({
  types: {} as { events: { type: "go" } | { type: "poke" } | { type: "skip" } },
  actors: { load: fromPromise<number>(async () => 1) },
  guards: { allowed: () => true },
}).createMachine({
  id: "tiny",
  initial: "idle",
  states: {
    idle: { on: { go: "loading", poke: { actions: () => {} }, skip: { guard: "allowed", target: "done" } } },
    loading: {
      initial: "fetching",
      states: { fetching: { invoke: { id: "load", src: "load", onDone: "#tiny.done", onError: "#tiny.idle" } } },
    },
    done: { type: "final" },
  },
});

const { done } = eventBuilders(tinyMachine);
const skipped = "only an old client sends skip";
const poked = "poke only logs";

// The paths never fail the load and never skip or poke: one transition uncovered, two excluded. The one path left
// (idle → loading → done) holds the shorter ones to idle and to loading, which are dropped as its prefixes.
const tinyModel: MachineModel<typeof tinyMachine> = {
  id: "tiny",
  machine: tinyMachine,
  starts: [{ name: "", input: undefined }],
  events: (s) => (s.matches("idle") ? [{ type: "go" }] : s.matches("loading") ? [done("load", 42)] : []),
  describeEvent: (e) =>
    e.type === "go" ? "Press Go" : e.type === "xstate.done.actor.load" ? `The server answers ${e.output}` : e.type,
  describeState: (s) =>
    `The ${String(Object.keys(typeof s.value === "string" ? { [s.value]: 1 } : s.value)[0])} screen`,
  excluded: [
    { transition: "tiny.idle on skip [allowed] → tiny.done", why: skipped },
    { transition: "tiny.idle on poke → (stays)", why: poked },
  ],
};

async function tinyReport() {
  const paths = generatePaths(tinyModel);
  const traces = tracePaths(tinyModel, paths);
  return machineReport(
    tinyModel,
    paths,
    traces,
    coverageOf(tinyModel, traces),
    new Map(paths.map((_, i) => [i + 1, "passed" as const])),
  );
}

/** The SVG group of an element by id, up to its closing tag. */
const group = (svg: string, id: string) => {
  const start = svg.indexOf(`<g id="${id}"`);
  return start < 0 ? "" : svg.slice(start, svg.indexOf("</g>", start));
};

describe("machineGraph", () => {
  it("reads states, initial states and transitions from the definition", () => {
    const graph = machineGraph(tinyMachine);
    expect(graph.states.map((s) => [s.id, s.kind])).toEqual([
      ["tiny", "compound"],
      ["tiny.idle", "atomic"],
      ["tiny.loading", "compound"],
      ["tiny.loading.fetching", "atomic"],
      ["tiny.done", "final"],
    ]);
    expect(graph.states.find((s) => s.id === "tiny.loading")?.initial).toEqual(["tiny.loading.fetching"]);
    expect(graph.transitions.map((t) => [t.number, t.event, t.guard, t.targets])).toEqual([
      [1, "go", null, ["tiny.loading"]],
      [2, "poke", null, []],
      [3, "skip", "allowed", ["tiny.done"]],
      [4, "load done", null, ["tiny.done"]],
      [5, "load failed", null, ["tiny.idle"]],
    ]);
  });
});

describe("machineDot", () => {
  it("draws clusters for compound states, initial markers and final states, and colours each edge by its status", () => {
    const dot = machineDot(machineGraph(tinyMachine), (name) =>
      name.includes(" on go ")
        ? { kind: "covered", paths: 1 }
        : name.includes("skip")
          ? { kind: "excluded", why: skipped }
          : { kind: "uncovered" },
    );
    expect(dot).toContain('subgraph "cluster_tiny.loading"');
    expect(dot).toContain('"tiny.loading#initial" -> "tiny.loading.fetching"');
    expect(dot).toMatch(/"tiny.done" \[label="done", peripheries=2/);
    const edge = (from: string, to: string) =>
      dot.split("\n").find((line) => line.includes(`"${from}" -> "${to}"`)) ?? "";
    expect(edge("tiny.idle", "tiny.loading")).toContain(`color="${statusColours.covered}"`);
    expect(edge("tiny.idle", "tiny.loading")).toContain('lhead="cluster_tiny.loading"');
    expect(edge("tiny.idle", "tiny.done")).toContain(`color="${statusColours.excluded}"`);
    expect(edge("tiny.idle", "tiny.done")).toContain(
      `tooltip="#3 tiny.idle on skip [allowed] → tiny.done: excluded: ${skipped}"`,
    );
    expect(edge("tiny.loading.fetching", "tiny.idle")).toContain(`color="${statusColours.uncovered}"`);
  });
});

describe("machineReport", () => {
  it("renders the diagram with Graphviz: covered, excluded (reason in the title) and uncovered transitions", async () => {
    const { svg, rows } = await tinyReport();
    expect(svg.startsWith("<svg")).toBe(true);
    const covered = group(svg, "edge_tiny_t1");
    expect(covered).toContain('class="edge transition covered"');
    expect(covered).toContain(`stroke="${statusColours.covered}"`);
    expect(covered).toMatch(/<title>#1 tiny.idle on go → tiny.loading: covered by 1 path<\/title>/);
    const excluded = group(svg, "edge_tiny_t3");
    expect(excluded).toContain(`stroke="${statusColours.excluded}"`);
    expect(excluded).toContain(`<title>#3 tiny.idle on skip [allowed] → tiny.done: excluded: ${skipped}</title>`);
    // A transition that stays in its state is a line in the state's box, with the same title.
    expect(group(svg, "line_tiny_t2")).toContain(
      `class="transition excluded internal"><title>#2 tiny.idle on poke → (stays): excluded: ${poked}</title>`,
    );
    expect(group(svg, "edge_tiny_t5")).toContain(`stroke="${statusColours.uncovered}"`);
    expect(rows.map((r) => [r.number, r.status.kind, r.paths])).toEqual([
      [1, "covered", [1]],
      [2, "excluded", []],
      [3, "excluded", []],
      [4, "covered", [1]],
      [5, "uncovered", []],
    ]);
  });

  it("writes one self-contained page with the summary, the diagram and every path's plain steps", async () => {
    const html = reportHtml([await tinyReport()], new Date("2026-01-01T00:00:00Z"));
    expect(html).toContain('data-machine="tiny"');
    expect(html).toContain('data-states="5/5" data-transitions="2/5" data-excluded="2" data-paths="1/1"');
    expect(html).toContain("<svg");
    expect(html).toContain(
      "Path 1\n   Expect: The idle screen\n 1. Press Go\n   Expect: The loading screen  [loading.fetching]\n 2. The server answers 42",
    );
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
  });
});
