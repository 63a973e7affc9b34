/**
 * The server's memory: `node server/main.ts` started as `npm start` starts it (PGlite in a fresh data folder,
 * the devnet), and, under scripts/with-postgres.mjs (TEST_DATABASE_URL) or with BENCH_DATABASE_URL, on PostgreSQL
 * without a devnet. For each, per process (the server; the devnet's node, anvil, its child) and together: the start-up
 * peak (the kernel's high-water mark of each one's resident memory, VmHWM, read at the idle reading so that a compile
 * finishing after the server serves counts; together, the sum sampled every 25 ms), the idle resident memory
 * BENCH_IDLE_S (20) seconds after it serves, and what takes the server's (process-memory.ts, from its mappings):
 * PGlite's WebAssembly memory, code, mapped files, and the rest — V8's heap (its total from the server's metrics) and
 * malloc's arenas. Goals for `npm start`: idle ≤ 300 MB, peak ≤ 500 MB. Prints a table, writes
 * reports/memory-bench.json, asserts nothing. The server gets the environment and Node flags package.json's start
 * script gives it (npm-start.ts); BENCH_NODE_ARGS adds Node flags (say `--liftoff-only`), and BENCH_NODE runs the
 * server on another Node binary (another release's V8; the first start's database child follows it). BENCH_ONLY
 * (`pglite`, `postgresql`, comma-separated) measures only those setups.
 *
 * Measured (2 cores, Node 24), peak / idle MB of the server; anvil 26 / 26 throughout. Before the memory work: PGlite's
 * first start 1,130–1,210 / 546–615, a restart 882–885 / 401–447, PostgreSQL without a devnet 195 / 196. Since (16 MB of
 * shared buffers, 156 -> 40 MB of resident WebAssembly memory; the first start's database made by a child process):
 * first start 743–777 / 295–311, restart 755–788 / 315–372, PostgreSQL 192 / 190. With
 * GLIBC_TUNABLES=glibc.malloc.mmap_threshold=65536:glibc.malloc.trim_threshold=131072 (malloc then gives freed memory
 * back instead of keeping about 90 MB of the compilers' in its arenas): 723 / 220 and 712 / 222. What is left of the
 * peak is one compile: V8's optimising compiler (Turboshaft, Node 24's V8 13.6) takes 598–604 MB of zone memory for
 * 0.4–2 s to compile PostgreSQL's parser (raw_parser, function 2272 of pglite.wasm, 105 kB), once dynamic tiering finds
 * it hot, in the first seconds of any start. No V8 flag but --liftoff-only avoids it (--turbo-stats-wasm: the first
 * copying phase over its graph; loop unrolling, peeling, inlining, wasm-opt off change nothing): with it and the
 * tunables, 274 / 213 and 275 / 220, but heavy queries take 1.3–2.2 times the CPU (bench/pglite-heavy-queries.ts).
 * In V8 13.6 that compile's memory is in Turboshaft's first copying phase after the graph is built (LoopUnrolling
 * by default, WasmLowering when unrolling is off: --turbo-stats-wasm), and the function is not tiered up from Liftoff
 * when a `compilationHints` section says so (--experimental-wasm-compilation-hints: the hint is read for the first
 * tier only). Node 26.12's V8 14.6 compiles the same function in 27 MB (BENCH_NODE, measured 2026-11-28): server peak
 * 320 / 321 MB, idle 291 / 286 (V8's heap 122–126 MB total against 64–73), together with the devnet 711 on a first
 * start (the child below) and 350 on a restart.
 * The first start's child peaks at 560–604 MB by itself: PGlite's initdb runs a second PGlite and initdb.wasm, each
 * with its own WebAssembly memory (about 200 MB resident in all), and copies the new database through ArrayBuffers.
 * On Node 26, PostgreSQL's idle server is mostly Node's own files (54–60 MB) and its modules (about 46 MB of V8's heap
 * used), plus a young generation V8 14 sizes from the machine's memory (up to 50 MB resident on a 24 GB machine),
 * which npm start's --max-semi-space-size=8 caps at 16 (docs/benchmarks.md, "PostgreSQL's idle memory on Node 26").
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFreshDatabase } from "../server/testing/postgres-server.ts";
import { table } from "./load/summary.ts";
import { memoryCasesOf } from "./memory-cases.ts";
import { startCommandOf } from "./npm-start.ts";
import {
  commandOf,
  descendantsOf,
  type ResidentParts,
  residentParts,
  sampleTreePeak,
  statusKb,
} from "./process-memory.ts";

const repoRoot = join(import.meta.dirname, "..");
const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 20);
const mb = (kB: number) => Math.round(kB / 1024);
const npmStart = startCommandOf(JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).scripts.start);
const nodeArgs = [...npmStart.nodeArgs, ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean)];
/** The Node that runs the server: this one, or BENCH_NODE (another release's binary, to compare its V8). */
const serverNode = process.env.BENCH_NODE || process.execPath;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** The metrics the server exports about its own memory, in MB. */
async function memoryMetrics(port: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return {
    heapUsedMB: Math.round(value("nodejs_heap_size_used_bytes") / 2 ** 20),
    heapTotalMB: Math.round(value("nodejs_heap_size_total_bytes") / 2 ** 20),
    externalMB: Math.round(value("nodejs_external_memory_bytes") / 2 ** 20),
  };
}

interface MemoryFigure {
  setup: string;
  readySeconds: number;
  /** The server's own peak (VmHWM) from its start to the idle reading, which covers compiles that finish after it serves. */
  peakMB: number;
  /** The server and its descendants (the devnet's anvil) together, sampled every 25 ms: what the machine holds at once. */
  treePeakMB: number;
  idleMB: number;
  /** What takes the server's idle memory, by its mappings (process-memory.ts). */
  idleParts: ResidentParts;
  /** Each descendant's idle and own peak MB (anvil, the sh guard that starts it). */
  children: { command: string; idleMB: number; peakMB: number }[];
  metrics: Record<string, number>;
}

/** One start of the server in `dataDir` (its first start makes the database there). */
async function measure(setup: string, dataDir: string, env: Record<string, string>): Promise<MemoryFigure> {
  const metricsPort = await freePort();
  const started = performance.now();
  const child = spawn(serverNode, [...nodeArgs, "server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...npmStart.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const treePeak = sampleTreePeak(child.pid ?? 0);
  try {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    let baseUrl: string | undefined;
    while (!baseUrl) {
      if (child.exitCode !== null) throw new Error(`${setup}: the server exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`${setup}: not serving after 120 s:\n${output}`);
      baseUrl = /Merchant Console API on (http:\/\/\S+)/.exec(output)?.[1];
      await sleep(50);
    }
    await fetch(`${baseUrl}/login`);
    const readySeconds = Math.round((performance.now() - started) / 100) / 10;
    const pid = child.pid ?? 0;
    await sleep(idleSeconds * 1000);
    const children = descendantsOf(pid).map((p) => ({
      command: commandOf(p),
      idleMB: mb(statusKb(p, "VmRSS")),
      peakMB: mb(statusKb(p, "VmHWM")),
    }));
    return {
      setup,
      readySeconds,
      peakMB: mb(statusKb(pid, "VmHWM")),
      treePeakMB: treePeak.stop(),
      idleMB: mb(statusKb(pid, "VmRSS")),
      idleParts: residentParts(pid),
      children,
      metrics: await memoryMetrics(metricsPort),
    };
  } finally {
    treePeak.stop();
    child.kill("SIGTERM");
    await new Promise((done) => (child.exitCode === null ? child.once("exit", done) : done(null)));
  }
}

const cases = memoryCasesOf(process.env.BENCH_ONLY);
const figures: MemoryFigure[] = [];
if (cases.includes("pglite")) {
  const dataDir = mkdtempSync(join(tmpdir(), "memory-bench-"));
  try {
    // The first start makes the database (PGlite's initdb, the migrations); a merchant's day-to-day start finds it made.
    figures.push(await measure("npm start: PGlite, devnet, first start", dataDir, {}));
    figures.push(await measure("npm start: PGlite, devnet, restart", dataDir, {}));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (cases.includes("postgresql") && serverUrl) {
  const database = process.env.BENCH_DATABASE_URL
    ? { databaseUrl: serverUrl, drop: async () => {} }
    : await createFreshDatabase(serverUrl, "mc_memory");
  try {
    const env = { DATABASE_URL: database.databaseUrl, DEVNET: "false" };
    const folder = mkdtempSync(join(tmpdir(), "memory-bench-"));
    figures.push(
      await measure("PostgreSQL, no devnet", folder, env).finally(() => rmSync(folder, { recursive: true })),
    );
  } finally {
    await database.drop();
  }
} else if (cases.includes("postgresql"))
  process.stdout.write("PostgreSQL skipped: run it under scripts/with-postgres.mjs, or set BENCH_DATABASE_URL\n");

const anvilOf = (f: MemoryFigure) => f.children.find((c) => c.command === "anvil");
process.stdout.write(
  `\nmemory-bench: resident memory (goals for npm start: idle ≤ 300 MB, start-up peak ≤ 500 MB); peaks from the start to the idle reading ${idleSeconds} s after it serves\n${table(
    [
      "setup",
      "ready",
      "peak MB: server / anvil / together",
      "idle MB: server / anvil",
      "server idle: wasm memory / code / files / other MB",
      "V8 heap used / total MB",
    ],
    figures.map((f) => [
      f.setup,
      `${f.readySeconds} s`,
      `${f.peakMB} / ${anvilOf(f)?.peakMB ?? "-"} / ${f.treePeakMB}`,
      `${f.idleMB} / ${anvilOf(f)?.idleMB ?? "-"}`,
      `${f.idleParts.wasmMemoryMB} / ${f.idleParts.codeMB} / ${f.idleParts.filesMB} / ${f.idleParts.otherMB}`,
      `${f.metrics.heapUsedMB} / ${f.metrics.heapTotalMB}`,
    ]),
  )}\n`,
);
mkdirSync(join(repoRoot, "reports"), { recursive: true });
writeFileSync(join(repoRoot, "reports", "memory-bench.json"), `${JSON.stringify(figures, null, 2)}\n`);
