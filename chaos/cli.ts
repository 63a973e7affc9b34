import { parseArgs } from "node:util";
import { ChaosFailure, runScenario } from "./run.ts";
import { focusedScenarios } from "./focused-scenarios.ts";
import { defaultScenario, describeStep, generateScenario, type Step } from "./scenario.ts";
import { startWorld } from "./world.ts";

/**
 * npm run chaos -- --seed S           one scenario, replayed from its seed
 * npm run chaos -- --scenario NAME    one of the focused scenarios (scenario.ts: minedAgain, laggingBackend, paidWhileLagging,
 *                                     paidBehindBalancer, minedBehindAnother, depositReorged, hugeAmount)
 * npm run chaos -- --seeds N [--from F] N scenarios, seeds F … F+N-1 (F random when not given, and printed)
 * --steps K                           steps per scenario (24)
 * --print                             only print the steps of each seed
 * CHAOS_FULL_LOG=1                    a failure prints each server's whole log, not its last 15 lines, and every step
 *                                     goes to stderr as it starts (time, chain head): to follow the watcher step by step
 * One world (PostgreSQL, anvil, the RPC proxy, two servers) serves every seed; each seed has merchants of its own.
 */
const { values } = parseArgs({
  options: {
    seed: { type: "string" },
    scenario: { type: "string" },
    seeds: { type: "string" },
    from: { type: "string" },
    steps: { type: "string" },
    print: { type: "boolean", default: false },
  },
});
const count = values.seed ? 1 : Number(values.seeds ?? "1");
const from = values.seed ? Number(values.seed) : Number(values.from ?? Math.floor(Math.random() * 1_000_000));
const options = { ...defaultScenario, steps: Number(values.steps ?? defaultScenario.steps) };
const named = values.scenario ? focusedScenarios[values.scenario] : undefined;
if (values.scenario && !named) {
  process.stderr.write(`no scenario ${values.scenario}: ${Object.keys(focusedScenarios).join(", ")}\n`);
  process.exit(2);
}
const runs: { label: string; steps: readonly Step[] }[] = named
  ? [{ label: `scenario ${values.scenario}`, steps: named }]
  : Array.from({ length: count }, (_, i) => ({
      label: `seed ${from + i}`,
      steps: generateScenario(from + i, options),
    }));

if (values.print) {
  for (const run of runs)
    process.stdout.write(`${run.label}\n${run.steps.map((s, i) => `  ${i + 1}. ${describeStep(s)}`).join("\n")}\n`);
  process.exit(0);
}

process.stdout.write(`chaos: ${runs.map((r) => r.label).join(", ")}\n`);
const world = await startWorld();
// Interrupted: the servers (their own process groups), anvil and the cluster go too.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void world.stop().finally(() => process.exit(130)));
let failed = 0;
try {
  for (const run of runs) {
    try {
      const report = await runScenario(world, run.label, run.steps);
      process.stdout.write(`${run.label}: ok in ${(report.ms / 1000).toFixed(1)} s\n`);
      for (const note of report.notes) process.stdout.write(`    ${note}\n`);
    } catch (error) {
      failed++;
      process.stdout.write(`\n${error instanceof ChaosFailure ? error.message : String(error)}\n\n`);
      break;
    }
  }
} finally {
  await world.stop();
}
process.stdout.write(`chaos: ${failed ? "FAILED" : "all held"}\n`);
process.exit(failed ? 1 : 0);
