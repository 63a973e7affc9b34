// node scripts/clean-runs.mjs [runs=5] [commit=HEAD]
// Runs the README's test command N times in a row, each in a fresh clone of the commit after `npm ci`, as CI does
// (.ci/run), and tabulates them: result, total seconds, CPU-seconds (as counted and in reference CPU-seconds), slowest
// stage. Nothing else should run on the machine meanwhile.
// Clones go to a temporary folder, removed after each run; each run's whole output is kept in reports/clean-runs/.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dirname, "..");
const runs = Number(process.argv[2] ?? 5);
const commit = spawnSync("git", ["rev-parse", process.argv[3] ?? "HEAD"], {
  cwd: repoRoot,
  encoding: "utf8",
}).stdout.trim();
if (!Number.isInteger(runs) || runs < 1 || !commit) {
  console.error("usage: node scripts/clean-runs.mjs [runs=5] [commit=HEAD]");
  process.exit(2);
}
const logs = join(repoRoot, "reports", "clean-runs");
mkdirSync(logs, { recursive: true });

/** The stage table run-stages.mjs prints last: `stage seconds cpu-s ref-cpu-s budget result`. */
function stageTable(out) {
  const table = out.slice(out.lastIndexOf("\nstage "));
  return table
    .split("\n")
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => words.length >= 3 && /^[\d.]+$/.test(words[1]))
    .map(([stage, seconds, cpu, ref, _budget, ...result]) => ({
      stage,
      seconds: Number(seconds),
      cpu: cpu ?? "-",
      ref: ref ?? "-",
      result: result.join(" "),
    }));
}

const rows = [];
for (let i = 1; i <= runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), "clean-run-"));
  try {
    spawnSync("git", ["clone", "--quiet", repoRoot, dir], { stdio: "inherit" });
    spawnSync("git", ["checkout", "--quiet", commit], { cwd: dir, stdio: "inherit" });
    const begin = performance.now();
    const ci = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
    const installSeconds = (performance.now() - begin) / 1000;
    const test = ci.status === 0 ? spawnSync("npm", ["test"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 }) : ci;
    const out = `${ci.stdout ?? ""}${ci.stderr ?? ""}${test === ci ? "" : `${test.stdout ?? ""}${test.stderr ?? ""}`}`;
    writeFileSync(join(logs, `run-${i}.log`), out);
    const table = stageTable(test.stdout ?? "");
    const total = table.find((r) => r.stage === "total");
    const slowest = table.filter((r) => r.stage !== "total").sort((a, b) => b.seconds - a.seconds)[0];
    rows.push({
      run: i,
      result: test.status === 0 ? "pass" : `fail (${total?.result ?? `exit ${test.status}`})`,
      install: installSeconds,
      total: total?.seconds,
      cpu: total ? `${total.cpu} (ref ${total.ref})` : "-",
      slowest,
    });
    const row = rows.at(-1);
    console.log(
      `run ${i}: ${row.result}, npm ci ${installSeconds.toFixed(0)} s, npm test ${row.total ?? "-"} s and ${row.cpu} CPU-s, slowest ${slowest ? `${slowest.stage} ${slowest.seconds} s` : "-"}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const totals = rows
  .map((r) => r.total)
  .filter((t) => t !== undefined)
  .sort((a, b) => a - b);
const middle = Math.floor(totals.length / 2);
const median =
  totals.length === 0
    ? undefined
    : totals.length % 2
      ? totals[middle]
      : ((totals[middle - 1] + totals[middle]) / 2).toFixed(1);
console.log(
  `\n| run | result | npm ci (s) | npm test (s) | CPU-s (reference) | slowest stage (s) |\n|---|---|---|---|---|---|`,
);
for (const r of rows)
  console.log(
    `| ${r.run} | ${r.result} | ${r.install.toFixed(0)} | ${r.total ?? "-"} | ${r.cpu} | ${r.slowest ? `${r.slowest.stage} ${r.slowest.seconds}` : "-"} |`,
  );
console.log(
  `\n${rows.filter((r) => r.result === "pass").length} of ${rows.length} green; median npm test ${median ?? "-"} s (commit ${commit.slice(0, 10)})`,
);
process.exit(rows.every((r) => r.result === "pass") ? 0 : 1);
