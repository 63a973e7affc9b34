import { describe, expect, it } from "vitest";
import {
  calibrationSource,
  calibrationWork,
  factorBetween,
  factorMove,
  referenceOf,
  speedFactor,
} from "./stage-calibration.mjs";
import { calibrationLines, overBudget, referenceSeconds, stageTable } from "./stage-table.mjs";

const entry = (stage: string, cpuSeconds: number | null, begin: number, end: number) => ({
  stage,
  seconds: (end - begin) / 1000,
  cpuSeconds,
  begin,
  end,
  result: cpuSeconds === null ? "not run" : "pass",
  exitCode: 0,
});
const reference = { seconds: 0.32, node: "v26.10.0" };
/** The machine at 1.2 of the reference's CPU-second at the start, 1.5 ten minutes later. */
const drifting = [
  { at: 0, factor: 1.2 },
  { at: 600_000, factor: 1.5 },
];
const counted = "cpu-s: every process a stage started";

describe("the machine's speed factor (stage-calibration.mjs)", () => {
  it("is the calibration's CPU-seconds here over the reference's", () => {
    expect(speedFactor(0.4, 0.32)).toBeCloseTo(1.25, 10);
    expect(speedFactor(0.24, 0.32)).toBeCloseTo(0.75, 10);
  });

  it("over a stage's time is the factor at its middle, on the line through the samples", () => {
    expect(factorBetween(drifting, 0, 600_000)).toBeCloseTo(1.35, 10);
    expect(factorBetween(drifting, 0, 200_000)).toBeCloseTo(1.25, 10);
    // Before the first sample and after the last, the nearest sample's.
    expect(factorBetween(drifting, -10, -2)).toBe(1.2);
    expect(factorBetween(drifting, 700_000, 800_000)).toBe(1.5);
    const three = [...drifting, { at: 1_200_000, factor: 1.1 }];
    expect(factorBetween(three, 800_000, 1_000_000)).toBeCloseTo(1.3, 10);
    expect(factorBetween([{ at: 5, factor: 0.9 }], 0, 100)).toBe(0.9);
    expect(factorBetween([], 0, 100)).toBeNull();
  });

  it("moved by the last sample over the first", () => {
    expect(factorMove(drifting)).toBeCloseTo(0.25, 10);
    expect(factorMove([{ at: 0, factor: 1 }])).toBe(0);
  });

  it("is taken against package.json's reference only when it was measured for this work", () => {
    expect(referenceOf({ cpuReference: { seconds: 0.32, node: "v26.10.0", work: calibrationWork } })).toEqual(
      reference,
    );
    expect(referenceOf({ cpuReference: { seconds: 0.32, node: "v26.10.0", work: calibrationWork + 1 } })).toBeNull();
    expect(referenceOf({ cpuReference: { seconds: 0, node: "v26.10.0", work: calibrationWork } })).toBeNull();
    expect(referenceOf({})).toBeNull();
  });

  it("works on the same TypeScript source on every machine", () => {
    expect(calibrationSource(3)).toBe(calibrationSource(3));
    expect(calibrationSource(3)).toContain("export class Ledger2<K extends string>");
  });
});

describe("the stage runner's table (stage-table.mjs)", () => {
  const budgets = { build: 20, unit: 100, e2e: 300 };
  // build in the first minute, at 1.215 (its middle); unit over the whole run, at 1.35; e2e never ran.
  const entries = [entry("build", 24, 0, 60_000), entry("unit", 148.5, 0, 600_000), entry("e2e", null, 0, 0)];

  it("divides each stage's CPU-seconds by the factor over its own time", () => {
    expect(referenceSeconds(entries[0]!, drifting)).toBeCloseTo(24 / 1.215, 10);
    expect(referenceSeconds(entries[1]!, drifting)).toBeCloseTo(110, 10);
    expect(referenceSeconds(entries[2]!, drifting)).toBeNull();
    expect(referenceSeconds(entries[0]!, [])).toBeNull();
  });

  it("holds the budgets against reference CPU-seconds, or against the stage's own without a factor", () => {
    const over = (samples: typeof drifting) =>
      overBudget(entries, budgets, samples).map((o) => [o.entry.stage, Number(o.figure.toFixed(9))]);
    expect(over(drifting)).toEqual([["unit", 110]]);
    expect(over([])).toEqual([
      ["build", 24],
      ["unit", 148.5],
    ]);
  });

  it("prints both figures, the factor, how far it moved, and the stages over budget in reference CPU-seconds", () => {
    const lines = stageTable({
      entries,
      budgets,
      wallSeconds: 600,
      result: "pass",
      counted,
      calibration: { reference, samples: drifting, node: "v26.10.0" },
    });
    expect(lines.slice(0, 5).map((l) => l.split(/\s{2,}/))).toEqual([
      ["stage", "seconds", "cpu-s", "ref cpu-s", "budget", "result"],
      ["build", "60.0", "24.0", "19.8", "20", "pass"],
      ["unit", "600.0", "148.5", "110.0", "100", "pass, over budget by 10.0 reference CPU-s"],
      ["e2e", "0.0", "-", "-", "300", "not run"],
      ["total", "600.0", "172.5", "129.8", "420", "pass"],
    ]);
    expect(lines.slice(5)).toEqual([
      counted,
      "ref cpu-s: cpu-s ÷ this machine's speed factor, 1.20 at the start and 1.50 at the end (+25.0 % during the run), " +
        'against the reference 0.32 CPU-s of the calibration\'s work (scripts/stage-calibration.mjs; docs/benchmarks.md, "Test budgets")',
      "the machine's speed moved +25.0 % during the run: its figures compare less well than a steady run's",
      "",
      'over budget: unit 110.0 reference CPU-s of 100 — a change that adds tests pays for its CPU-seconds (CONTRIBUTING.md, "Test budgets")',
    ]);
  });

  it("says so when the run could not calibrate, and holds the budgets against the stages' own CPU-seconds", () => {
    const lines = stageTable({
      entries: entries.slice(0, 1),
      budgets,
      wallSeconds: 60,
      result: "pass",
      counted,
      calibration: { reference, samples: [], why: "the calibration could not run" },
    });
    expect(lines[1]?.split(/\s{2,}/)).toEqual(["build", "60.0", "24.0", "-", "20", "pass, over budget by 4.0 CPU-s"]);
    expect(lines[2]?.split(/\s{2,}/)).toEqual(["total", "60.0", "24.0", "-", "20", "pass"]);
    expect(lines.slice(3)).toEqual([
      counted,
      "ref cpu-s: none (the calibration could not run), so the budgets are held against cpu-s, this machine's own",
      "",
      'over budget: build 24.0 CPU-s of 20 — a change that adds tests pays for its CPU-seconds (CONTRIBUTING.md, "Test budgets")',
    ]);
  });

  it("names a steady factor measured once, and a reference of another Node", () => {
    expect(calibrationLines({ reference, samples: [{ at: 0, factor: 0.97 }], node: "v26.11.0" })).toEqual([
      "ref cpu-s: cpu-s ÷ this machine's speed factor, 0.97, measured once, against the reference 0.32 CPU-s of the " +
        'calibration\'s work (scripts/stage-calibration.mjs; docs/benchmarks.md, "Test budgets")',
      "the reference was measured on Node v26.10.0, this run is on v26.11.0: record it again " +
        "(node scripts/stage-calibration.mjs --record) when the runtime changes for good",
    ]);
  });
});
