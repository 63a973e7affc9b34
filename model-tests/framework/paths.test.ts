import { describe, expect, it } from "vitest";
import { assign, createMachine } from "xstate";
import type { MachineModel } from "./model.ts";
import { coveringSet, generatePaths } from "./paths.ts";

// A counter that can be bumped in `a`, and a way on to `b` from either count.
const machine = createMachine({
  id: "cover",
  types: {} as { context: { count: number }; events: { type: "open" } | { type: "bump" } | { type: "close" } },
  context: { count: 0 },
  initial: "idle",
  states: {
    idle: { on: { open: "a" } },
    a: { on: { bump: { guard: ({ context }) => context.count < 1, actions: assign({ count: 1 }) }, close: "b" } },
    b: {},
  },
});

const model = (): MachineModel => ({
  id: "cover",
  machine,
  starts: [{ name: "", input: undefined }],
  events: () => [{ type: "open" }, { type: "bump" }, { type: "close" }],
  describeEvent: (event) => event.type,
  describeState: (snapshot) => String(snapshot.value),
  excluded: [],
});
const walk = (paths: ReturnType<typeof generatePaths>) =>
  paths.map((path) =>
    path.steps
      .slice(1)
      .map((step) => (step.event as { type: string }).type)
      .join(" "),
  );

describe("the paths of a model", () => {
  it("keep every snapshot the shortest paths reach: a count of 1 in b is its own path", () => {
    expect(walk(generatePaths(model())).sort()).toEqual(["open bump close", "open close"]);
  });

  it("drop a path whose states, transitions and snapshots the others all show", () => {
    const all = generatePaths(model());
    const long = all.find((path) => path.steps.length === 4)!;
    // "open bump" and "open" walk the first steps of "open bump close", and reach nothing else.
    const trunks = [
      { ...long, steps: long.steps.slice(0, 3) },
      { ...long, steps: long.steps.slice(0, 2) },
    ];
    expect(walk(coveringSet(model(), [...trunks, ...all]))).toEqual(walk(all));
  });

  it("keep a path that alone shows a state, whatever it shares with the others", () => {
    const all = generatePaths(model());
    const [longest] = [...all].sort((p, q) => q.steps.length - p.steps.length);
    const shorter = all.filter((path) => path !== longest);
    expect(coveringSet(model(), shorter)).toEqual(shorter);
  });
});
