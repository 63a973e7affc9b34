import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { calibrationWork } from "./stage-calibration.mjs";

const script = resolve(import.meta.dirname, "run-stages.mjs");
const dir = mkdtempSync(join(tmpdir(), "run-stages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, "package.json"),
  JSON.stringify({
    name: "stages",
    private: true,
    // heavy takes 0.3 CPU-seconds against a budget of 0.1; first has no budget.
    stageBudgets: { heavy: 0.1, meet: 60 },
    cpuReference: { seconds: 0.32, node: process.version, work: calibrationWork },
    scripts: {
      first: "node -e \"console.log('first says hi')\"",
      beside: "node -e \"console.log('beside another lane: ' + process.env.TEST_BESIDE_LANE)\"",
      broken: 'node -e "process.exit(3)"',
      never: "node -e \"console.log('never ran')\"",
      slow: "node -e \"console.log('slow starts'); setTimeout(() => console.log('slow' + ' ended'), 600)\"",
      // Fails once endless has started (its mark in endless.log), however long a busy machine takes to start it.
      late: "node -e \"const fs = require('fs'); const wait = () => fs.existsSync('endless.log') ? process.exit(4) : setTimeout(wait, 20); wait()\"",
      // Spins until it has used 0.3 s of CPU, however busy the machine is.
      heavy: 'node -e "while (process.cpuUsage().user < 300000);"',
      // Leaves 1 s of spinning to a process nobody in the stage waits for (its parent is gone), as Chromium's renderers are.
      orphan: "sh orphan.sh",
      endless:
        "node -e \"console.log('endless starts'); require('fs').writeFileSync('endless.log', ''); setTimeout(() => console.log('endless' + ' ended'), 60000)\"",
      // Writes a report as Vitest's JSON reporter does (scripts/test-times/reporters.ts), one file failed, and fails.
      "vitest-like": `node -e "const fs = require('fs'); fs.mkdirSync('reports/test-times', { recursive: true }); const at = (name, seconds, status) => ({ name: process.cwd() + '/' + name, startTime: 1000, endTime: 1000 + seconds * 1000, status, assertionResults: status === 'failed' ? [{ fullName: 'broken things > breaks', status: 'failed', failureMessages: ['AssertionError: expected 1 to be 2\\n    at broken.test.ts:3:1'] }] : [] }); fs.writeFileSync('reports/test-times/vitest-like.json', JSON.stringify({ testResults: [at('quick.test.ts', 0.5, 'passed'), at('broken.test.ts', 2, 'failed'), at('slow.test.ts', 7.25, 'passed')] })); process.exit(1)"`,
      // Notes its arrival in meet.log and ends once two have arrived: two of them pass only if they run at the same time.
      meet: "node -e \"const fs = require('fs'); fs.appendFileSync('meet.log', 'x'); const until = Date.now() + 60000; const wait = () => fs.readFileSync('meet.log', 'utf8').length >= 2 ? process.exit(0) : Date.now() > until ? process.exit(5) : setTimeout(wait, 20); wait()\"",
    },
  }),
);

writeFileSync(
  join(dir, "orphan.sh"),
  `(node -e "const used = () => process.cpuUsage().user + process.cpuUsage().system; let x = 0; while (used() < 1e6) for (let i = 0; i < 1e6; i++) x += i; require('fs').writeFileSync('orphan.done', String(x))" &)
while [ ! -f orphan.done ]; do sleep 0.05; done
`,
);
// The machine's speed is measured in one test only (stage-calibration.mjs, about a CPU-second a run).
const runWith = (env: Record<string, string>, ...stages: string[]) => {
  const result = spawnSync(process.execPath, [script, ...stages], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { status: result.status, out: result.stdout };
};
const run = (...stages: string[]) => runWith({ RUN_STAGES_CALIBRATION: "0" }, ...stages);
/** A row of the table printed at the end, as its words. */
const row = (out: string, stage: string) =>
  out
    .slice(out.lastIndexOf("\nstage "))
    .split("\n")
    .find((line) => line.startsWith(`${stage} `))
    ?.split(/\s+/);

describe("run-stages", () => {
  it("runs the stages in order with their own output, then prints the table", () => {
    const { status, out } = run("first", "first");
    expect(status).toBe(0);
    expect(out).toContain("first says hi");
    expect(out.indexOf("first says hi")).toBeLessThan(out.indexOf("seconds"));
    expect(row(out, "first")?.[5]).toBe("pass");
    expect(row(out, "total")?.[5]).toBe("pass");
    expect(Number(row(out, "total")?.[1])).toBeGreaterThan(0);
  });

  it("stops at the first failure with its exit code, and still prints the table", () => {
    const { status, out } = run("first", "broken", "never");
    expect(status).toBe(3);
    expect(out).not.toContain("never ran");
    expect(row(out, "first")?.[5]).toBe("pass");
    expect(row(out, "broken")?.[5]).toBe("fail");
    expect(row(out, "never")?.slice(1)).toEqual(["-", "-", "-", "-", "not", "run"]);
    expect(row(out, "total")?.slice(5)).toEqual(["fail", "(broken,", "exit", "3)"]);
  });

  it("shows each stage's CPU seconds and CPU budget, marks a stage whose CPU-seconds pass it, and adds every stage's budget", () => {
    rmSync(join(dir, "meet.log"), { force: true });
    const { status, out } = run("heavy>meet|meet");
    expect(status).toBe(0);
    const heavy = row(out, "heavy") ?? [];
    // It spun the CPU for 0.3 s, plus node's start.
    expect(Number(heavy[2])).toBeGreaterThanOrEqual(0.3);
    expect(heavy[4]).toBe("0.1");
    expect(heavy.slice(5).join(" ")).toMatch(/^pass, over budget by \d+\.\d CPU-s$/);
    expect(row(out, "meet")?.slice(4)).toEqual(["60", "pass"]);
    // heavy (0.1) + meet (60) + meet (60): CPU-seconds add up over lanes running side by side, and so do their budgets.
    expect(row(out, "total")?.[4]).toBe("120.1");
    expect(out).toMatch(/over budget: heavy \d+\.\d CPU-s of 0\.1/);
    // A stage without a budget shows none, and the run then has no total budget.
    const first = run("first");
    expect(row(first.out, "first")?.slice(4)).toEqual(["-", "pass"]);
    expect(row(first.out, "total")?.[4]).toBe("-");
  });

  it("measures the machine's speed before and after the stages, and holds the budgets against CPU-seconds divided by it", () => {
    const { status, out } = runWith({ RUN_STAGES_CALIBRATION: "1" }, "heavy");
    expect(status).toBe(0);
    const factors = /speed factor, (\d+\.\d+) at the start and (\d+\.\d+) at the end \([+-]\d+\.\d %/.exec(out);
    const [low, high] = [Number(factors?.[1]), Number(factors?.[2])].sort((a, b) => a - b) as [number, number];
    expect(low).toBeGreaterThan(0);
    // The stage's CPU-seconds over the factor at its middle, between the two; each figure as printed, rounded.
    const [cpu, reference] = (row(out, "heavy") ?? []).slice(2, 4).map(Number) as [number, number];
    expect(reference).toBeGreaterThanOrEqual((cpu - 0.05) / (high + 0.005) - 0.05);
    expect(reference).toBeLessThanOrEqual((cpu + 0.05) / (low - 0.005) + 0.05);
    expect(row(out, "heavy")?.slice(5).join(" ")).toMatch(/^pass, over budget by \d+\.\d reference CPU-s$/);
    expect(out).toMatch(/over budget: heavy \d+\.\d reference CPU-s of 0\.1/);
  });

  it("counts the CPU of every process a stage started, one it did not wait for too, where it may make control groups", () => {
    rmSync(join(dir, "orphan.done"), { force: true });
    const { status, out } = run("orphan");
    expect(status).toBe(0);
    if (out.includes("cpu-s: every process a stage started")) {
      // The orphan spun for 1 s of CPU; npm and the shell's waiting take about 0.4 (bash's `times` counted 0.3).
      expect(Number(row(out, "orphan")?.[2])).toBeGreaterThanOrEqual(1);
    } else {
      // Not root, or no cgroups mounted (stage-cpu.mjs): the table says its figures miss such processes.
      expect(out).toContain("cpu-s: the processes a stage waited for");
    }
  });

  it("runs lanes side by side, each stage's output whole under its header", () => {
    rmSync(join(dir, "meet.log"), { force: true });
    const { status, out } = run("first", "slow>meet>first|slow>meet");
    // Each lane's `meet` ends only when the other lane's has started: side by side, not one after the other.
    expect(status).toBe(0);
    expect(row(out, "meet")?.[5]).toBe("pass");
    const headers = out.match(/── slow \(pass, [\d.]+ s\) ──\n[^─]*slow starts\nslow ended\n/g) ?? [];
    expect(headers).toHaveLength(2);
    expect(out).toMatch(/── first \(pass, [\d.]+ s\) ──\n(.|\n)*first says hi/);
    const table = out.slice(out.lastIndexOf("\nstage "));
    expect(
      table
        .split("\n")
        .filter((l) => l.startsWith("slow "))
        .map((l) => l.split(/\s+/)[5]),
    ).toEqual(["pass", "pass"]);
  });

  it("tells a stage whether it runs beside another lane (its test workers: scripts/test-times/stage-workers.ts)", () => {
    const { status, out } = run("beside", "beside|first");
    expect(status).toBe(0);
    expect(out.match(/beside another lane: \d/g)).toEqual(["beside another lane: 0", "beside another lane: 1"]);
  });

  it("gives a stage the cores once the other lanes have ended", () => {
    const { status, out } = run("first|slow>beside");
    expect(status).toBe(0);
    expect(out.match(/beside another lane: \d/g)).toEqual(["beside another lane: 0"]);
  });

  it("stops the other lanes at the first failure and exits with its code", () => {
    const begin = performance.now();
    const { status, out } = run("late|endless>never", "never");
    expect(performance.now() - begin).toBeLessThan(30_000);
    expect(status).toBe(4);
    expect(out).toContain("endless starts");
    expect(out).not.toContain("endless ended");
    expect(out).not.toContain("never ran");
    expect(row(out, "late")?.[5]).toBe("fail");
    expect(row(out, "endless")?.[5]).toBe("stopped");
    expect(row(out, "total")?.slice(5)).toEqual(["fail", "(late,", "exit", "4)"]);
  });

  it("lists each stage's slowest files and names the failing ones of a failed stage", () => {
    mkdirSync(join(dir, "reports", "test-times"), { recursive: true });
    writeFileSync(join(dir, "reports", "test-times", "left-over.json"), JSON.stringify({ testResults: [] }));
    const { status, out } = run("first", "vitest-like");
    expect(status).toBe(1);
    expect(out).toMatch(
      /vitest-like: the 3 slowest of 3 files\n +7\.3 s +slow\.test\.ts\n +2\.0 s +broken\.test\.ts +\(failed\)\n +0\.5 s +quick\.test\.ts\n/,
    );
    // The failed test and its message come last, so that a log cut to its tail still shows them.
    expect(out).toMatch(
      /\n✗ broken\.test\.ts › broken things > breaks\n {4}AssertionError: expected 1 to be 2\n {8}at broken\.test\.ts:3:1\n\nfailed in vitest-like: broken\.test\.ts\n?$/,
    );
    // A report an earlier run left is not this run's.
    expect(existsSync(join(dir, "reports", "test-times", "left-over.json"))).toBe(false);
  });

  it("refuses an empty chain", () => {
    expect(run("first|").status).toBe(2);
  });
});
