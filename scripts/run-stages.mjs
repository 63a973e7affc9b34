// node scripts/run-stages.mjs <npm script>...
// Runs the npm scripts one after the other with their own output, stops at the first that fails (with
// its exit code), and prints each stage's time at the end, after a failure too.
import { spawn } from "node:child_process";

const stages = process.argv.slice(2);
if (stages.length === 0) {
  console.error("usage: node scripts/run-stages.mjs <npm script>...");
  process.exit(2);
}

// Under `npm run`, the npm that started us; else whichever npm is on the PATH.
const npm = process.env.npm_execpath ? { command: process.execPath, args: [process.env.npm_execpath] } : { command: "npm", args: [] };

/** @type {Array<{ stage: string, seconds: number | null, result: "pass" | "fail" | "not run" }>} */
const results = stages.map((stage) => ({ stage, seconds: null, result: "not run" }));
let child = null;
let stopping = null;

// Ctrl-C reaches the child through the terminal; a SIGTERM from CI is passed on, and the table still printed.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = signal;
    child?.kill(signal);
  });
}

const started = performance.now();
let exitCode = 0;
for (const entry of results) {
  if (stopping) break;
  const begin = performance.now();
  exitCode = await new Promise((done) => {
    child = spawn(npm.command, [...npm.args, "run", entry.stage], { stdio: "inherit" });
    child.once("error", (error) => {
      console.error(`run-stages: cannot start npm run ${entry.stage}: ${error.message}`);
      done(127);
    });
    child.once("exit", (code, signal) => done(code ?? 128 + (signal === "SIGINT" ? 2 : signal === "SIGKILL" ? 9 : 15)));
  });
  child = null;
  entry.seconds = (performance.now() - begin) / 1000;
  entry.result = exitCode === 0 ? "pass" : "fail";
  if (exitCode !== 0) break;
}

const width = Math.max(5, ...stages.map((s) => s.length));
const line = (stage, seconds, result) => `${stage.padEnd(width)}  ${seconds.padStart(8)}  ${result}`;
console.log(`\n${line("stage", "seconds", "result")}`);
for (const { stage, seconds, result } of results) console.log(line(stage, seconds === null ? "-" : seconds.toFixed(1), result));
const failed = results.find((r) => r.result === "fail");
console.log(line("total", ((performance.now() - started) / 1000).toFixed(1), failed ? `fail (${failed.stage}, exit ${exitCode})` : stopping ? `stopped (${stopping})` : "pass"));

process.exit(stopping && exitCode === 0 ? (stopping === "SIGINT" ? 130 : 143) : exitCode);
