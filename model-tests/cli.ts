// npm run model-test                      run every machine's paths against the views, write reports/model-coverage.json
//                                         and reports/model-coverage.html (diagrams, coverage, every path's steps)
// npm run model-test -- --print <id>      print a machine's paths as numbered plain steps for QA
import {
  findListAreas,
  screenFileOf,
  unequippedListAreas,
  unwalkedListAreas,
} from "./framework/list-area-inventory.ts";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { allTransitions, coverageOf, tracePaths } from "./framework/coverage.ts";
import type { MachineModel } from "./framework/model.ts";
import { findMachines, unmodelledMachines } from "./framework/machine-inventory.ts";
import { generatePaths } from "./framework/paths.ts";
import { plainPathLines } from "./framework/plain-steps.ts";
import { allModels, machinesWithoutModel } from "./models/all-models.ts";
import { hasWalk } from "./models/list-walks.ts";
import { type MachineReport, machineReport, type PathOutcome } from "./report/machine-report.ts";
import { reportHtml } from "./report/report-html.ts";

const args = process.argv.slice(2);
const printIndex = args.indexOf("--print");

if (printIndex >= 0) {
  const id = args[printIndex + 1];
  const model = allModels.find((m) => m.id === id);
  if (!model) {
    console.error(`Unknown machine "${id ?? ""}". Machines: ${allModels.map((m) => m.id).join(", ")}`);
    process.exit(2);
  }
  printPaths(model);
} else {
  // A machine nobody models fails at once, before the minutes the paths take.
  const listAreas = await findListAreas("machines");
  const unmodelled = [
    ...unmodelledMachines(await findMachines("machines"), allModels, machinesWithoutModel),
    ...unwalkedListAreas(listAreas, allModels),
    ...unequippedListAreas(listAreas, { screen: (name) => existsSync(screenFileOf(name)), walk: hasWalk }),
  ];
  for (const problem of unmodelled) console.error(`model-test: ${problem}`);
  process.exit(unmodelled.length > 0 ? 1 : await runAll());
}

function printPaths(model: MachineModel) {
  const paths = generatePaths(model);
  console.log(`${model.id}: ${paths.length} paths\n`);
  paths.forEach((path, index) => {
    for (const line of plainPathLines(model, path, index + 1)) console.log(line);
    console.log("");
  });
}

interface AssertionResult {
  ancestorTitles: string[];
  title: string;
  status: string;
}

/** Each path's test result by path number: test names are `#<number> <description>` (run-model.ts). */
function outcomesOf(results: ReadonlyArray<AssertionResult>): Map<number, PathOutcome> {
  const outcomes = new Map<number, PathOutcome>();
  for (const result of results) {
    const number = Number(/^#(\d+) /.exec(result.title)?.[1]);
    if (number)
      outcomes.set(number, result.status === "passed" ? "passed" : result.status === "failed" ? "failed" : "not run");
  }
  return outcomes;
}

async function runAll(): Promise<number> {
  mkdirSync("reports", { recursive: true });
  const resultsFile = "reports/test-times/model-test.json";
  const run = spawnSync(
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--config",
      "model-tests/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${resultsFile}`,
    ],
    { stdio: "inherit" },
  );
  const results = JSON.parse(readFileSync(resultsFile, "utf8")) as {
    testResults: Array<{ assertionResults: AssertionResult[] }>;
  };
  const outcomes = results.testResults.flatMap((file) => file.assertionResults);

  const report: Record<string, unknown> = {};
  const pages: MachineReport[] = [];
  const problems: string[] = [];
  for (const model of allModels) {
    const paths = generatePaths(model);
    const traces = tracePaths(model, paths);
    const coverage = coverageOf(model, traces);
    const mine = outcomes.filter((o) => o.ancestorTitles[0] === model.id);
    const passed = mine.filter((o) => o.status === "passed").length;
    const known = new Set(allTransitions(model.machine));
    const excluded = new Set(model.excluded.map((e) => e.transition));
    for (const name of excluded)
      if (!known.has(name)) problems.push(`${model.id}: excluded transition does not exist: ${name}`);
    for (const name of coverage.transitions.missing)
      if (!excluded.has(name)) problems.push(`${model.id}: no path takes ${name}`);
    for (const name of coverage.states.missing) problems.push(`${model.id}: no path reaches state ${name}`);
    if (mine.length !== paths.length)
      problems.push(`${model.id}: ${paths.length} paths generated but ${mine.length} ran`);
    if (passed !== paths.length) problems.push(`${model.id}: ${paths.length - passed} of ${paths.length} paths failed`);
    report[model.id] = {
      states: { covered: coverage.states.covered, total: coverage.states.total },
      transitions: { covered: coverage.transitions.covered, total: coverage.transitions.total },
      paths: { total: paths.length, passed },
      excluded: model.excluded,
    };
    pages.push(await machineReport(model, paths, traces, coverage, outcomesOf(mine)));
    console.log(
      `${model.id.padEnd(16)} states ${coverage.states.covered}/${coverage.states.total}  transitions ${coverage.transitions.covered}/${coverage.transitions.total} (${model.excluded.length} excluded)  paths ${passed}/${paths.length}`,
    );
  }
  writeFileSync("reports/model-coverage.json", `${JSON.stringify({ machines: report }, null, 2)}\n`);
  writeFileSync("reports/model-coverage.html", reportHtml(pages, new Date()));
  console.log("wrote reports/model-coverage.json and reports/model-coverage.html");
  for (const problem of problems) console.error(`model-test: ${problem}`);
  return run.status !== 0 || problems.length > 0 ? 1 : 0;
}
