import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type BudgetedPackage, budgetProblems, testCommandCpuBudget, testSteps } from "./stage-budgets.ts";

const root = join(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as BudgetedPackage;
const readme = readFileSync(join(root, "docs/benchmarks.md"), "utf8");

const fixture: BudgetedPackage = {
  scripts: { test: 'node scripts/run-stages.mjs check-node "build>e2e|typecheck>unit"' },
  stageBudgets: { "check-node": 1, build: 20, e2e: 200, typecheck: 10, unit: 100 },
  cpuReference: { seconds: 0.32, node: "v26.10.0", work: 1 },
};
const fixtureReadme = (rows: string, reference = "0.32") =>
  `## Test budgets\n\nThe reference (\`cpuReference\` in \`package.json\`) is ${reference} CPU-s.\n\n| stage | budget (CPU-s) |\n|---|---|\n${rows}\n\n## Next`;
const allRows = "| `check-node` | 1 |\n| `build` | 20 |\n| `e2e` | 200 |\n| `typecheck` | 10 |\n| `unit` | 100 |";

describe("the test command's budgets (docs/benchmarks.md, Test budgets)", () => {
  it("hold for this repository: every stage of npm test has one, they add up to at most the total, docs/benchmarks.md says the same, reference too", () => {
    expect(testSteps(pkg).flat(2).length).toBeGreaterThan(5);
    expect(budgetProblems(pkg, readme)).toEqual([]);
  });

  it("read the stages after the settings the command starts with", () => {
    const settings = { ...fixture, scripts: { test: `DATABASE_TESTS=postgres ${fixture.scripts.test}` } };
    expect(testSteps(settings)).toEqual(testSteps(fixture));
    expect(testSteps(fixture)).toEqual([
      [["check-node"]],
      [
        ["build", "e2e"],
        ["typecheck", "unit"],
      ],
    ]);
  });

  it("name a stage without a budget, budgets past the total, and a table that differs (fixtures)", () => {
    expect(budgetProblems(fixture, fixtureReadme(allRows))).toEqual([]);
    const { unit: _, ...withoutUnit } = fixture.stageBudgets ?? {};
    expect(budgetProblems({ ...fixture, stageBudgets: withoutUnit }, fixtureReadme(allRows))).toContain(
      "unit has no budget",
    );
    // Every stage counts, whichever lane it runs in: 1 + 20 + the total + 10 + 100.
    const e2e = testCommandCpuBudget;
    const over = { ...fixture, stageBudgets: { ...fixture.stageBudgets, e2e } };
    expect(budgetProblems(over, fixtureReadme(allRows.replace("200", String(e2e))))).toEqual([
      `the stages' budgets add up to ${e2e + 131} CPU-s, over ${testCommandCpuBudget}`,
    ]);
    expect(budgetProblems(fixture, fixtureReadme(allRows.replace("| 100 |", "| 90 |")))).toEqual([
      "unit: docs/benchmarks.md says 90, package.json 100",
    ]);
  });

  it("are in the reference's CPU-seconds, which docs/benchmarks.md states as package.json does (fixtures)", () => {
    expect(budgetProblems(fixture, fixtureReadme(allRows, "0.35"))).toEqual([
      "the reference: docs/benchmarks.md says 0.35, package.json 0.32",
    ]);
    const { cpuReference: _, ...withoutReference } = fixture;
    expect(budgetProblems(withoutReference, fixtureReadme(allRows))).toEqual([
      "package.json has no cpuReference: the budgets are in no machine's CPU-seconds",
    ]);
  });
});
