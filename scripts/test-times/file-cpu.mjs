// node scripts/test-times/file-cpu.mjs [--with-postgres] <vitest config> [test file filter]...
// Runs a Vitest stage's files with one worker, in a control group of its own (stage-cpu.mjs), and prints each file's
// CPU seconds, every process counted (the shared server, the browsers and their renderers, database servers): the
// group's CPU between the end of the file before and its own (file-cpu-reporter.ts). The stage table says which stage
// is over its budget; this says which of its files to look at. One worker: files side by side would share the counts.
// --with-postgres starts the throw-away cluster inside the group (scripts/with-postgres.mjs), as test:server:postgres
// runs: under `node scripts/with-postgres.mjs node file-cpu.mjs …` the server's work would be counted to no file.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { openStageCpu } from "../stage-cpu.mjs";

const args = process.argv.slice(2);
const withPostgres = args[0] === "--with-postgres";
const [config, ...filters] = withPostgres ? args.slice(1) : args;
if (!config) {
  console.error("usage: node scripts/test-times/file-cpu.mjs [--with-postgres] <vitest config> [test file filter]...");
  process.exit(2);
}
const cpu = openStageCpu();
const group = cpu.group("file-cpu");
if (!group) {
  console.error("file-cpu: needs a control group it may make (root, cgroup v1 cpuacct or v2): nothing measured");
  process.exit(2);
}
const withPostgresScript = fileURLToPath(new URL("../with-postgres.mjs", import.meta.url));
const reporter = fileURLToPath(new URL("./file-cpu-reporter.ts", import.meta.url));
const compileCache =
  process.env.NODE_COMPILE_CACHE ||
  fileURLToPath(new URL("../../node_modules/.cache/node-compile-cache", import.meta.url));
const run = spawnSync(
  "bash",
  [
    "-c",
    `${group.enter}; exec ${withPostgres ? `npx node "${withPostgresScript}" ` : ""}npx vitest run --config "$@"`,
    "file-cpu",
    config,
    "--maxWorkers=1",
    "--reporter=default",
    `--reporter=${reporter}`,
    ...filters,
  ],
  {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_COMPILE_CACHE: compileCache, TEST_BESIDE_LANE: "0", FILE_CPU_GROUP: group.dir },
  },
);
console.log(`the whole run: ${(group.seconds() ?? Number.NaN).toFixed(1)} CPU-s`);
group.remove();
cpu.close();
process.exit(run.status ?? 1);
