// The machine's speed, measured by the stage runner at the start and at the end of a run, so that a stage's
// CPU-seconds can be read in reference CPU-seconds: the same commit's suite took 16 % fewer CPU-seconds an hour later
// on the same kind of machine, and twice as many on another one (docs/benchmarks.md, "Test budgets"). The measure is a
// fixed piece of the suite's kind of work, in a fresh Node process without a compile cache: Node starting, TypeScript
// source (made here from a seed, so it never changes with the repository) stripped of its types by Node's own
// stripper, the JavaScript compiled by V8 and run hot (objects, maps, bigint money, strings, JSON, sorting). What it
// costs here against what it cost on the reference machine is the factor the figures are divided by.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Raised whenever the work below changes: a reference measured for other work is not this one's. */
export const calibrationWork = 1;

/** A factor that moved more than this during a run says so: its figures compare less well. */
export const unsteadyMove = 0.1;

/** A seeded generator (mulberry32): the same numbers on every machine. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** TypeScript modules of the repository's kind: interfaces, unions, generics, a class, bigint money, a template. */
export function calibrationSource(modules) {
  const next = seeded(69);
  const parts = [];
  for (let i = 0; i < modules; i++) {
    const price = 1 + Math.floor(next() * 9_000_000);
    const decimals = 2 + Math.floor(next() * 5);
    parts.push(`
export interface Line${i} { readonly sku: string; readonly qty: number; readonly note?: string }
export interface Order${i} { id: string; status: "open" | "paid" | "expired"; lines: ReadonlyArray<Line${i}> }
export type Result${i}<T> = { ok: true; value: T } | { ok: false; error: string };
export function total${i}(order: Order${i}): bigint {
  return order.lines.reduce<bigint>((sum: bigint, line: Line${i}) => sum + BigInt(line.qty) * ${price}n, 0n);
}
export class Ledger${i}<K extends string> {
  private readonly entries: Map<K, bigint> = new Map<K, bigint>();
  add(key: K, amount: bigint): this {
    this.entries.set(key, (this.entries.get(key) ?? 0n) + amount);
    return this;
  }
  balances(): Array<[K, string]> {
    return [...this.entries].sort(([a]: [K, bigint], [b]: [K, bigint]) => a.localeCompare(b)).map(([k, v]) => [k, format${i}(v)]);
  }
}
export const format${i} = (value: bigint, decimals: number = ${decimals}): string => {
  const digits: string = value.toString().padStart(decimals + 1, "0");
  return \`\${digits.slice(0, -decimals)}.\${digits.slice(-decimals)}\`;
};
export function settle${i}(orders: readonly Order${i}[]): Result${i}<string> {
  const ledger = new Ledger${i}<string>();
  for (const order of orders) if (order.status !== "expired") ledger.add(order.status, total${i}(order));
  const text: string = JSON.stringify(ledger.balances());
  return text.length > 0 ? { ok: true, value: JSON.parse(text).flat().join(",") } : { ok: false, error: "empty" };
}
`);
  }
  return parts.join("");
}

/** The work itself, in this process; returns a digest of its results, so that none of it can be skipped. */
async function work() {
  const { stripTypeScriptTypes } = await import("node:module");
  const modules = 120;
  const javascript = stripTypeScriptTypes(calibrationSource(modules), { mode: "strip" }).replaceAll("export ", "");
  const names = Array.from({ length: modules }, (_, i) => `settle${i}`);
  const settle = new Function(`${javascript}\nreturn [${names.join(", ")}];`)();
  const next = seeded(6);
  const statuses = ["open", "paid", "expired"];
  let digest = 0;
  for (let round = 0; round < 40; round++)
    for (const one of settle) {
      const orders = Array.from({ length: 6 }, (_, o) => ({
        id: `order-${round}-${o}`,
        status: statuses[Math.floor(next() * 3)],
        lines: Array.from({ length: 4 }, (_, l) => ({ sku: `sku-${l}`, qty: 1 + Math.floor(next() * 20) })),
      }));
      const result = one(orders);
      digest = (digest * 31 + (result.ok ? result.value.length : 0)) % 1_000_003;
    }
  return digest;
}

/**
 * Runs the work in a fresh Node process (no compile cache: every run compiles the same) and returns the CPU-seconds
 * that process used, its start included; null when it could not be measured (never a reason to fail a run).
 */
export function measureCalibration() {
  const { NODE_COMPILE_CACHE: _, NODE_OPTIONS: __, ...env } = process.env;
  try {
    const child = spawnSync(process.execPath, ["--no-warnings", fileURLToPath(import.meta.url), "--work"], {
      env: { ...env, NODE_DISABLE_COMPILE_CACHE: "1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    const seconds = child.status === 0 ? Number(/^cpu-seconds (\S+)$/m.exec(child.stdout)?.[1]) : Number.NaN;
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

/** The machine's CPU-seconds for the work now: the lower of two measures (another process's burst only adds), or null. */
export function calibrate() {
  const figures = [measureCalibration(), measureCalibration()].filter((s) => s !== null);
  return figures.length > 0 ? Math.min(...figures) : null;
}

/**
 * The reference package.json's `cpuReference` holds: `{ seconds, node, work }`, the work's CPU-seconds on the machine
 * the budgets are in, the Node it ran on, the work's version. Null when missing or made for other work.
 */
export function referenceOf(pkg) {
  const reference = pkg?.cpuReference;
  if (!reference || !(reference.seconds > 0) || reference.work !== calibrationWork) return null;
  return { seconds: reference.seconds, node: String(reference.node ?? "") };
}

/** How many of the reference machine's CPU-seconds one CPU-second here is worth: above 1, this machine is slower. */
export const speedFactor = (seconds, reference) => seconds / reference;

/**
 * The factor over `[begin, end]` (milliseconds into the run) from the samples taken (`{ at, factor }`, in time order):
 * the value at its middle on the line through the samples, the first or last sample's outside them; null with none.
 */
export function factorBetween(samples, begin, end) {
  if (samples.length === 0) return null;
  const middle = (begin + end) / 2;
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (middle <= first.at) return first.factor;
  if (middle >= last.at) return last.factor;
  const after = samples.findIndex((s) => s.at >= middle);
  const a = samples[after - 1];
  const b = samples[after];
  return a.factor + ((b.factor - a.factor) * (middle - a.at)) / (b.at - a.at);
}

/** How far the factor moved from the first sample to the last, as a fraction of the first (0.05 is 5 %). */
export const factorMove = (samples) =>
  samples.length < 2 ? 0 : samples[samples.length - 1].factor / samples[0].factor - 1;

if (process.argv[2] === "--work") {
  const digest = await work();
  const used = process.cpuUsage();
  console.log(`digest ${digest}\ncpu-seconds ${((used.user + used.system) / 1e6).toFixed(4)}`);
} else if (process.argv[2] === "--record") {
  // node scripts/stage-calibration.mjs --record [count]: the median of `count` calibrations, for package.json's cpuReference.
  const count = Number(process.argv[3] ?? 7);
  const figures = Array.from({ length: count }, calibrate).filter((s) => s !== null);
  figures.sort((a, b) => a - b);
  console.log(`measures: ${figures.map((s) => s.toFixed(3)).join(" ")}`);
  const median = figures[Math.floor(figures.length / 2)];
  console.log(
    JSON.stringify({
      cpuReference: { seconds: Number(median?.toFixed(3)), node: process.version, work: calibrationWork },
    }),
  );
}
