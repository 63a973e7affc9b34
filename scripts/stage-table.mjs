// The stage runner's closing table (run-stages.mjs): each stage's seconds, its CPU-seconds as counted here and in
// reference CPU-seconds (divided by the machine's speed factor, stage-calibration.mjs), its budget and its result.
// Budgets and the over-budget marks are in reference CPU-seconds; a run that could not calibrate holds them against
// its own CPU-seconds and says so.
import { factorBetween, factorMove, unsteadyMove } from "./stage-calibration.mjs";

/**
 * @typedef {{ stage: string, seconds: number | null, cpuSeconds: number | null, begin?: number | null, end?: number | null, result: string, exitCode: number }} Entry
 * @typedef {{ at: number, factor: number }} Sample
 * @typedef {{ reference: { seconds: number, node: string } | null, samples: Sample[], node?: string, why?: string }} Calibration
 */

/** A stage's CPU-seconds in reference CPU-seconds, by the factor over its own time in the run; null without either. */
export function referenceSeconds(entry, samples) {
  if (entry.cpuSeconds === null || entry.cpuSeconds === undefined) return null;
  const factor = factorBetween(samples, entry.begin ?? 0, entry.end ?? entry.begin ?? 0);
  return factor === null ? null : entry.cpuSeconds / factor;
}

/** What a stage's budget is held against: its reference CPU-seconds where the run calibrated, else its own. */
const charged = (entry, samples) => (samples.length > 0 ? referenceSeconds(entry, samples) : entry.cpuSeconds);

/** The stages over their budgets, each with the figure held against it. */
export function overBudget(entries, budgets, samples) {
  return entries
    .map((entry) => ({ entry, figure: charged(entry, samples), budget: budgets[entry.stage] }))
    .filter(({ figure, budget }) => figure !== null && figure !== undefined && budget !== undefined && figure > budget);
}

const figure = (value) => (value === null || value === undefined ? "-" : value.toFixed(1));
const percent = (fraction) => `${fraction >= 0 ? "+" : ""}${(fraction * 100).toFixed(1)} %`;

/**
 * The table's lines: a row per stage, the total (`result` its result), then what the figures mean (`counted`, how the
 * CPU-seconds were counted, then the reference's line) and last the stages over budget.
 * @param {{ entries: Entry[], budgets: Record<string, number>, wallSeconds: number, result: string, counted: string, calibration: Calibration }} run
 */
export function stageTable({ entries, budgets, wallSeconds, result, counted, calibration }) {
  const { samples } = calibration;
  const calibrated = samples.length > 0;
  const unit = calibrated ? "reference CPU-s" : "CPU-s";
  const width = Math.max(5, ...entries.map((e) => e.stage.length));
  const line = (stage, seconds, cpu, ref, budget, outcome) =>
    `${stage.padEnd(width)}  ${seconds.padStart(8)}  ${cpu.padStart(7)}  ${ref.padStart(9)}  ${budget.padStart(6)}  ${outcome}`;
  const over = overBudget(entries, budgets, samples);
  const lines = [line("stage", "seconds", "cpu-s", "ref cpu-s", "budget", "result")];
  for (const entry of entries) {
    const budget = budgets[entry.stage];
    const past = over.find((o) => o.entry === entry);
    const mark = past ? `, over budget by ${(past.figure - past.budget).toFixed(1)} ${unit}` : "";
    lines.push(
      line(
        entry.stage,
        figure(entry.seconds),
        figure(entry.cpuSeconds),
        figure(referenceSeconds(entry, samples)),
        budget === undefined ? "-" : String(budget),
        `${entry.result}${mark}`,
      ),
    );
  }
  const sum = (values) => values.reduce((s, v) => s + (v ?? 0), 0);
  const budgetSum = entries.reduce((s, e) => s + (budgets[e.stage] ?? Number.NaN), 0);
  lines.push(
    line(
      "total",
      wallSeconds.toFixed(1),
      sum(entries.map((e) => e.cpuSeconds)).toFixed(1),
      calibrated ? sum(entries.map((e) => referenceSeconds(e, samples))).toFixed(1) : "-",
      Number.isFinite(budgetSum) ? String(budgetSum) : "-",
      result,
    ),
  );
  lines.push(counted, ...calibrationLines(calibration));
  if (over.length > 0)
    lines.push(
      "",
      `over budget: ${over.map((o) => `${o.entry.stage} ${o.figure.toFixed(1)} ${unit} of ${o.budget}`).join(", ")}` +
        ' — a change that adds tests pays for its CPU-seconds (CONTRIBUTING.md, "Test budgets")',
    );
  return lines;
}

/** What the reference column means in this run: the factor, how far it moved, or why there is none. */
export function calibrationLines({ reference, samples, node, why }) {
  if (samples.length === 0)
    return [
      `ref cpu-s: none (${why ?? "the machine's speed was not measured"}), so the budgets are held against cpu-s, this machine's own`,
    ];
  const first = samples[0].factor;
  const last = samples[samples.length - 1].factor;
  const move = factorMove(samples);
  const factors =
    samples.length > 1
      ? `${first.toFixed(2)} at the start and ${last.toFixed(2)} at the end (${percent(move)} during the run)`
      : `${first.toFixed(2)}, measured once`;
  const lines = [
    `ref cpu-s: cpu-s ÷ this machine's speed factor, ${factors}, against the reference ${reference?.seconds} CPU-s ` +
      'of the calibration\'s work (scripts/stage-calibration.mjs; docs/benchmarks.md, "Test budgets")',
  ];
  if (Math.abs(move) > unsteadyMove)
    lines.push(
      `the machine's speed moved ${percent(move)} during the run: its figures compare less well than a steady run's`,
    );
  if (reference && node && reference.node !== node)
    lines.push(
      `the reference was measured on Node ${reference.node}, this run is on ${node}: ` +
        "record it again (node scripts/stage-calibration.mjs --record) when the runtime changes for good",
    );
  return lines;
}
