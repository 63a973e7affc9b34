/**
 * The server's memory (issue 43): `node server/main.ts` started as `npm start` starts it (PGlite in a fresh data folder,
 * the devnet), and, under scripts/with-postgres.mjs (TEST_DATABASE_URL) or with BENCH_DATABASE_URL, on PostgreSQL
 * without a devnet. For each: the start-up peak (the kernel's high-water mark of the process's resident memory, VmHWM,
 * read once it serves), the idle resident memory BENCH_IDLE_S (20) seconds later, the devnet's node (anvil, a child
 * process) apart, and what takes the memory as the server's own metrics tell it (prom-client's default metrics: V8's
 * heap, and external memory — ArrayBuffers, PGlite's WebAssembly memory among them). Goals for `npm start`: idle ≤ 300
 * MB, peak ≤ 500 MB. Prints a table, writes reports/memory-bench.json, asserts nothing. BENCH_NODE_ARGS gives the
 * server's Node flags (say `--liftoff-only`, to compare).
 *
 * Measured (2 cores, Node 24): PGlite's first start peaks at 1,150–1,210 MB and idles at 565–615, a restart 885 / 420–
 * 430, PostgreSQL without a devnet 195 / 196. PGlite's WebAssembly memory is at least 128 MB (its module's declared
 * minimum: a smaller initialMemory is refused), about 214 MB external in all; V8's optimising compiler for it takes
 * the rest of the peak: with --liftoff-only the first start peaks at 700 and idles at 474, a restart 399 / 342.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFreshDatabase } from "../server/testing/postgres-server.ts";
import { table } from "./load/summary.ts";

const repoRoot = join(import.meta.dirname, "..");
const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 20);
const mb = (kB: number) => Math.round(kB / 1024);
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM); 0 once the process is gone. */
function statusKb(pid: number, field: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${field}:`));
    return Number(line?.split(/\s+/)[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The process's descendants (the devnet's node, anvil, and what starts it), from /proc. */
function descendantsOf(pid: number): number[] {
  try {
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
    return children.flatMap((child) => [child, ...descendantsOf(child)]);
  } catch {
    return [];
  }
}

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
  peakMB: number;
  idleMB: number;
  devnetNodeMB: number | null;
  metrics: Record<string, number>;
}

/** One start of the server in `dataDir` (its first start makes the database there). */
async function measure(setup: string, dataDir: string, env: Record<string, string>): Promise<MemoryFigure> {
  const metricsPort = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, "server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
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
    const peakMB = mb(statusKb(pid, "VmHWM"));
    await sleep(idleSeconds * 1000);
    const node = descendantsOf(pid).map((p) => statusKb(p, "VmRSS"));
    return {
      setup,
      readySeconds,
      peakMB,
      idleMB: mb(statusKb(pid, "VmRSS")),
      devnetNodeMB: node.length > 0 ? mb(node.reduce((a, b) => a + b, 0)) : null,
      metrics: await memoryMetrics(metricsPort),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((done) => (child.exitCode === null ? child.once("exit", done) : done(null)));
  }
}

const figures: MemoryFigure[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "memory-bench-"));
try {
  // The first start makes the database (PGlite's initdb, the migrations); a merchant's day-to-day start finds it made.
  figures.push(await measure("npm start: PGlite, devnet, first start", dataDir, {}));
  figures.push(await measure("npm start: PGlite, devnet, restart", dataDir, {}));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (serverUrl) {
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
} else process.stdout.write("PostgreSQL skipped: run it under scripts/with-postgres.mjs, or set BENCH_DATABASE_URL\n");

process.stdout.write(
  `\nmemory-bench: the server's resident memory (goals for npm start: idle ≤ 300 MB, start-up peak ≤ 500 MB), idle read ${idleSeconds} s after it serves\n${table(
    ["setup", "ready", "peak MB", "idle MB", "devnet node MB", "V8 heap used / total MB", "external MB"],
    figures.map((f) => [
      f.setup,
      `${f.readySeconds} s`,
      String(f.peakMB),
      String(f.idleMB),
      f.devnetNodeMB === null ? "-" : String(f.devnetNodeMB),
      `${f.metrics.heapUsedMB} / ${f.metrics.heapTotalMB}`,
      String(f.metrics.externalMB),
    ]),
  )}\n`,
);
mkdirSync(join(repoRoot, "reports"), { recursive: true });
writeFileSync(join(repoRoot, "reports", "memory-bench.json"), `${JSON.stringify(figures, null, 2)}\n`);
