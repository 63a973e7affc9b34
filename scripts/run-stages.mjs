// node scripts/run-stages.mjs <step>...
// Runs the steps one after the other. A step is an npm script ("lint"), or lanes that run at the same
// time, each a chain of npm scripts: "typecheck>test:unit|build>e2e" runs typecheck then test:unit while
// build then e2e run. A lone stage streams its output; stages running beside others have theirs held and
// printed whole, under a header, when they end, so that lanes do not interleave. The first failure stops
// everything (the other lanes' stages are stopped, their process groups killed) with its exit code, and
// each stage's time is printed at the end, after a failure too.
// Written here rather than taken from concurrently or npm-run-all2: neither runs chains side by side while
// printing one table of every stage's seconds at the end.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { calibrate, calibrationWork, referenceOf, speedFactor } from "./stage-calibration.mjs";
import { openStageCpu, stageGroupVariable } from "./stage-cpu.mjs";
import { stageTable } from "./stage-table.mjs";
import { slowestLines, stageFiles, timesDir } from "./test-times/test-times.mjs";

const steps = process.argv.slice(2).map((arg) => arg.split("|").map((lane) => lane.split(">").filter(Boolean)));
if (steps.length === 0 || steps.some((lanes) => lanes.some((lane) => lane.length === 0))) {
  console.error('usage: node scripts/run-stages.mjs <npm script | "a>b|c>d">...');
  process.exit(2);
}

// Under `npm run`, the npm that started us; else whichever npm is on the PATH.
const npm = process.env.npm_execpath
  ? { command: process.execPath, args: [process.env.npm_execpath] }
  : { command: "npm", args: [] };

// Every Node process the stages start (Vitest, its workers, the servers the tests spawn, the Pact verifier) keeps
// V8's compiled code of the modules it loads here, so the next one skips compiling them: about a sixth less CPU in
// the process tests, which start a dozen servers. Node's own cache, checked against each file's contents.
const compileCache =
  process.env.NODE_COMPILE_CACHE ||
  fileURLToPath(new URL("../node_modules/.cache/node-compile-cache", import.meta.url));

/** package.json of the directory the run is in: its `stageBudgets` and `cpuReference`. */
const pkg = (() => {
  try {
    return JSON.parse(readFileSync("package.json", "utf8"));
  } catch {
    return {};
  }
})();
/**
 * Each stage's budget in reference CPU-seconds, from package.json's `stageBudgets` (docs/benchmarks.md, "Test budgets"): the table shows a
 * stage's CPU-seconds against it and marks the stage over budget. CPU, not wall time: a 2-core machine's wall time
 * swings with whatever else runs on it, while the work a stage does barely moves; and reference CPU-seconds, the
 * stage's CPU-seconds divided by the machine's speed factor (stage-calibration.mjs), as a machine's CPU-second itself
 * drifts by the hour. Nothing fails on it: a budget is a figure to see the day a change spends it, never a timed assertion.
 */
const budgets = pkg.stageBudgets ?? {};
/** The machine's speed against the reference's, measured before the first stage and after the last; never fails the run. */
const calibrationOff = process.env.RUN_STAGES_CALIBRATION === "0";
const calibration = {
  reference: referenceOf(pkg),
  samples: [],
  node: process.version,
  why: calibrationOff
    ? "RUN_STAGES_CALIBRATION=0"
    : referenceOf(pkg) === null
      ? `package.json has no cpuReference for the calibration's work ${calibrationWork}`
      : "the calibration could not run",
};
const sampleSpeed = (at) => {
  if (!calibration.reference || calibrationOff) return;
  const seconds = calibrate();
  if (seconds !== null) calibration.samples.push({ at, factor: speedFactor(seconds, calibration.reference.seconds) });
};

/** @typedef {{ stage: string, seconds: number | null, cpuSeconds: number | null, begin?: number, end?: number, cpuCounted?: boolean, result: "pass" | "fail" | "stopped" | "not run", exitCode: number }} Entry */
/** @type {Entry[][][]} */
const plan = steps.map((lanes) =>
  lanes.map((lane) =>
    lane.map((stage) => ({ stage, seconds: null, cpuSeconds: null, result: "not run", exitCode: 0 })),
  ),
);
/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();
let stopping = null;
/** @type {Entry | null} */
let failed = null;

const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
};
const stopAll = (signal) => {
  for (const child of running) killGroup(child, signal);
};

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = signal;
    stopAll(signal);
  });
}

/** The first `count` lines of a failure message, indented, without colour codes. */
const firstLines = (message, count) =>
  message
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes start with ESC
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .slice(0, count)
    .map((l) => `    ${l}`)
    .join("\n");

const signalCode = (signal) => 128 + (signal === "SIGINT" ? 2 : signal === "SIGKILL" ? 9 : 15);

/** Runs the command it is given, then writes `times` (the shell's and its children's user and system time) to fd 3. */
const cpuTimed = '"$0" "$@"; code=$?; times >&3; exit $code';
/** Each stage's CPU seconds, counted by the kernel where it can be (stage-cpu.mjs). */
const stageCpu = openStageCpu();
/** What the shell says on fd 3 when it could not enter its stage's group. */
const notInGroup = "not in its group";

/** The children's user + system seconds from bash's `times` ("0m1.250s 0m0.310s", its second line), or null. */
function childrenCpuSeconds(text) {
  const seconds = (field) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(field);
    return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
  };
  const lines = text
    .trim()
    .split("\n")
    .filter((l) => l !== notInGroup);
  const [user, system] = (lines[1] ?? "").trim().split(/\s+/).map(seconds);
  return user !== undefined && system !== undefined && Number.isFinite(user + system) ? user + system : null;
}

/** Runs one stage; `held` keeps its output until it ends; `beside` while another lane is still running. */
function runStage(entry, held, beside) {
  const begin = performance.now();
  entry.begin = begin - started;
  return new Promise((done) => {
    // Its own process group, so that stopping it also stops what it started (servers, browsers, workers). Through
    // bash, whose `times` gives the CPU seconds of everything the stage ran and waited for, on a pipe of its own.
    // In a control group of its own where it can (stage-cpu.mjs): the shell enters it before it starts the stage.
    const group = stageCpu.group(entry.stage);
    const script = group ? `${group.enter} 2>/dev/null || echo '${notInGroup}' >&3; ${cpuTimed}` : cpuTimed;
    const child = spawn("bash", ["-c", script, npm.command, ...npm.args, "run", entry.stage], {
      stdio: held ? ["ignore", "pipe", "pipe", "pipe"] : ["inherit", "inherit", "inherit", "pipe"],
      detached: true,
      // Beside another lane still running, a stage starts fewer test workers (scripts/test-times/stage-workers.ts);
      // once the others have ended, the cores are its own.
      env: {
        ...process.env,
        NODE_COMPILE_CACHE: compileCache,
        TEST_BESIDE_LANE: beside ? "1" : "0",
        ...(group ? { [stageGroupVariable]: group.dir } : {}),
      },
    });
    const times = [];
    child.stdio[3]?.on("data", (chunk) => times.push(chunk));
    running.add(child);
    const chunks = [];
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    const finish = (code) => {
      running.delete(child);
      entry.seconds = (performance.now() - begin) / 1000;
      entry.end = performance.now() - started;
      const timesText = Buffer.concat(times).toString();
      const counted = group && !timesText.includes(notInGroup) ? group.seconds() : null;
      entry.cpuSeconds = counted ?? childrenCpuSeconds(timesText);
      entry.cpuCounted = counted !== null;
      group?.remove();
      entry.exitCode = code;
      entry.result = code === 0 ? "pass" : stopping || (failed && failed !== entry) ? "stopped" : "fail";
      if (held)
        process.stdout.write(
          `\n── ${entry.stage} (${entry.result}, ${entry.seconds.toFixed(1)} s) ──\n${Buffer.concat(chunks).toString()}`,
        );
      done(code);
    };
    child.once("error", (error) => {
      chunks.push(Buffer.from(`run-stages: cannot start npm run ${entry.stage}: ${error.message}\n`));
      if (!held) console.error(`run-stages: cannot start npm run ${entry.stage}: ${error.message}`);
      finish(127);
    });
    child.once("close", (code, signal) => finish(code ?? signalCode(signal)));
  });
}

async function runLane(lane, held, othersRunning) {
  for (const entry of lane) {
    if (stopping || failed) return;
    const code = await runStage(entry, held, othersRunning());
    if (code !== 0 && !failed && !stopping) {
      failed = entry;
      stopAll("SIGTERM");
    }
  }
}

// The Vitest stages write their files' times there (test-times/reporters.ts); a report left by an earlier run is not this one's.
rmSync(timesDir(), { recursive: true, force: true });
sampleSpeed(0);
const started = performance.now();
for (const lanes of plan) {
  if (stopping || failed) break;
  let lanesRunning = lanes.length;
  await Promise.all(
    lanes.map((lane) => runLane(lane, lanes.length > 1, () => lanesRunning > 1).finally(() => lanesRunning--)),
  );
}

const entries = plan.flat(2);
const slowest = slowestLines(entries.filter((e) => e.seconds !== null).map((e) => e.stage));
if (slowest.length > 0) console.log(`\n${slowest.join("\n")}`);
const wallSeconds = (performance.now() - started) / 1000;
// Not after Ctrl-C: whoever stopped the run wants it ended, and one sample still gives the factor.
if (!stopping) sampleSpeed(wallSeconds * 1000);
// A stage whose shell could not enter its group fell back to bash's figure: the line then says so for the table.
const everyProcessCounted = entries.filter((e) => e.cpuSeconds !== null).every((e) => e.cpuCounted);
const table = stageTable({
  entries,
  budgets,
  wallSeconds,
  result: failed ? `fail (${failed.stage}, exit ${failed.exitCode})` : stopping ? `stopped (${stopping})` : "pass",
  counted:
    stageCpu.kind === "cgroup" && everyProcessCounted
      ? "cpu-s: every process a stage started (its control group's count), browsers and database servers included"
      : "cpu-s: the processes a stage waited for (bash's times): a browser's renderers and a database server it did not wait for are missing",
  calibration,
});
stageCpu.close();
console.log(`\n${table.join("\n")}`);

if (failed) {
  const failing = (stageFiles(failed.stage) ?? []).filter((file) => file.failed);
  // Last, so that a log cut to its tail (CI keeps the end) still says what failed and why.
  for (const { file, failures } of failing)
    for (const { test, message } of failures.slice(0, 3))
      console.log(`\n✗ ${file} › ${test}\n${firstLines(message, 12)}`);
  if (failing.length > 0) console.log(`\nfailed in ${failed.stage}: ${failing.map((f) => f.file).join(", ")}`);
}

if (failed) process.exit(failed.exitCode);
process.exit(stopping ? (stopping === "SIGINT" ? 130 : 143) : 0);
