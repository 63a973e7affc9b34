import { describe, expect, it } from "vitest";
import { assign, createMachine, transition } from "xstate";
import { tracePaths } from "./coverage.ts";
import type { MachineModel, ModelPath } from "./model.ts";
import { generatePaths } from "./paths.ts";
import { itemsOf, walksCovering } from "./walks.ts";

// A dialog opened from a list and closed again, saved (twice at most, then it stays closed), or refused and retried.
const machine = createMachine({
  id: "walk",
  types: {} as {
    context: { saved: number };
    events: { type: "open" } | { type: "close" } | { type: "save" } | { type: "refuse" } | { type: "retry" };
  },
  context: { saved: 0 },
  initial: "list",
  states: {
    list: { always: { guard: ({ context }) => context.saved >= 2, target: "done" }, on: { open: "dialog" } },
    dialog: {
      on: {
        close: "list",
        save: { target: "list", actions: assign({ saved: ({ context }) => context.saved + 1 }) },
        refuse: "refused",
      },
    },
    refused: { on: { retry: "dialog", close: "list" } },
    done: { type: "final" },
  },
});

const model = (walks: boolean): MachineModel => ({
  id: "walk",
  machine,
  starts: [{ name: "", input: undefined }],
  events: (s) => {
    if (s.matches("list")) return [{ type: "open" }];
    if (s.matches("dialog")) return [{ type: "close" }, { type: "save" }, { type: "refuse" }];
    if (s.matches("refused")) return [{ type: "retry" }, { type: "close" }];
    return [];
  },
  describeEvent: (event) => event.type,
  describeState: (snapshot) => String(snapshot.value),
  excluded: [],
  walks,
});

const shown = (m: MachineModel, paths: ModelPath[]) =>
  new Set(itemsOf(m, paths, tracePaths(m, paths)).flatMap((items) => [...items]));
const stepCount = (paths: ModelPath[]) => paths.reduce((n, path) => n + path.steps.length - 1, 0);
const plain = (snapshot: unknown) => {
  const { value, context } = snapshot as { value: unknown; context: unknown };
  return { value, context };
};

describe("walks", () => {
  const independent = generatePaths(model(false));
  const walks = generatePaths(model(true));

  it("show every state, transition and snapshot key the independent paths show", () => {
    const walked = shown(model(true), walks);
    for (const item of shown(model(false), independent)) expect(walked, item).toContain(item);
  });

  it("go on from where a step left the console: fewer fresh starts and fewer steps than the independent paths", () => {
    expect(independent.length).toBeGreaterThan(2);
    expect(walks.length).toBeLessThan(independent.length);
    expect(stepCount(walks)).toBeLessThan(stepCount(independent));
    // After a save or a close, the same walk opens the dialog again.
    expect(walks.some((walk) => walk.steps.filter((step) => step.event.type === "open").length > 1)).toBe(true);
  });

  it("take each step with an event the model offers there, and expect what the machine makes of it", () => {
    for (const walk of walks)
      for (const [i, step] of walk.steps.entries()) {
        if (i === 0) continue;
        const before = walk.steps[i - 1]!.state;
        expect(model(true).events(before)).toContainEqual(step.event);
        expect(plain(step.state)).toEqual(plain(transition(machine, before, step.event as never)[0]));
      }
  });

  it("take each step from the snapshot the walk is in, when a coarse key makes other snapshots stand in for it", () => {
    // The state's name alone: the list after one save stands for the list before any.
    const coarse = {
      ...model(true),
      serialize: (snapshot: { value: unknown }) => String(snapshot.value),
    } as MachineModel;
    const coarseWalks = generatePaths(coarse);
    for (const walk of coarseWalks)
      for (const [i, step] of walk.steps.entries()) {
        if (i === 0) continue;
        const before = walk.steps[i - 1]!.state;
        expect(coarse.events(before)).toContainEqual(step.event);
        expect(plain(step.state)).toEqual(plain(transition(machine, before, step.event as never)[0]));
      }
    const walked = shown(coarse, coarseWalks);
    for (const item of shown(coarse, generatePaths({ ...coarse, walks: false }))) expect(walked, item).toContain(item);
  });

  it("start again on a fresh console after a final state, or once a walk has its most steps", () => {
    for (const walk of walks)
      for (const step of walk.steps.slice(0, -1)) expect((step.state as { status: string }).status).toBe("active");
    // The longest route from the start is 4 steps (open save open save).
    const short = walksCovering(model(true), independent, { maxSteps: 4 });
    for (const walk of short) expect(walk.steps.length - 1).toBeLessThanOrEqual(4);
    expect(short.length).toBeGreaterThan(walks.length);
    const walked = shown(model(true), short);
    for (const item of shown(model(false), independent)) expect(walked, item).toContain(item);
  });

  it("are named by their start, their length and where they begin and end", () => {
    expect(walks[0]?.description).toMatch(/^walk: walks \d+ steps from list to \w+$/);
  });
});

describe("starts", () => {
  // Two worlds the harness makes differently (two-factor off and on) around one machine that starts alike.
  const twoWorlds = (walks: boolean, keysPerStart?: boolean): MachineModel => ({
    ...model(walks),
    starts: [
      { name: "two-factor off", input: undefined },
      { name: "two-factor on", input: undefined },
    ],
    keysPerStart,
  });
  const startsOf = (paths: ModelPath[]) => new Set(paths.map((path) => path.start));

  it("each begin a path, walks or not, though another start showed every snapshot first", () => {
    for (const walks of [false, true])
      expect(startsOf(generatePaths(twoWorlds(walks))), `walks: ${walks}`).toEqual(
        new Set(["two-factor off", "two-factor on"]),
      );
  });

  it("with keysPerStart, each show every snapshot they reach, as one start alone does", () => {
    const snapshots = (paths: ModelPath[]) =>
      new Set([...shown(model(false), paths)].filter((item) => item.startsWith("key ")));
    for (const walks of [false, true]) {
      const paths = generatePaths(twoWorlds(walks, true));
      const alone = snapshots(generatePaths(model(walks)));
      expect(alone.size).toBeGreaterThan(4);
      for (const name of ["two-factor off", "two-factor on"]) {
        const own = paths.filter((path) => path.start === name).map((path) => ({ ...path, start: "" }));
        expect(snapshots(own), `${name}, walks: ${walks}`).toEqual(alone);
      }
    }
  });
});
