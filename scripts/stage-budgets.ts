/** What docs/benchmarks.md and CONTRIBUTING.md say of the test command's budgets ("Test budgets"), checked. */
export interface BudgetedPackage {
  scripts: Record<string, string>;
  stageBudgets?: Record<string, number>;
  /** The calibration's CPU-seconds on the machine the budgets are in (scripts/stage-calibration.mjs). */
  cpuReference?: { seconds: number; node: string; work: number };
}

/**
 * The most the stages' CPU-second budgets may add up to: what `npm test` cost on the day the budgets became CPU (the
 * median of three clean-clone runs on 2 cores, every process counted). Areas added later pay for themselves within it.
 */
export const testCommandCpuBudget = 1740;

/** The steps of `npm test` as run-stages.mjs reads them (after any `NAME=value` settings): each step's lanes, each lane's stages. */
export function testSteps(pkg: BudgetedPackage): string[][][] {
  return (pkg.scripts.test ?? "")
    .replace(/^(\w+=\S* )*node scripts\/run-stages\.mjs /, "")
    .split(" ")
    .map((step) => step.replace(/"/g, ""))
    .filter(Boolean)
    .map((step) => step.split("|").map((lane) => lane.split(">")));
}

/** The "Test budgets" table of docs/benchmarks.md (a heading of any level): stage → CPU-seconds. */
export function readmeBudgets(readme: string): Record<string, number> {
  const start = readme.search(/^#+ Test budgets$/m);
  if (start < 0) return {};
  const section = readme.slice(start);
  const table = section.slice(section.indexOf("| stage"));
  const rows = table.slice(0, table.indexOf("\n\n")).split("\n");
  return Object.fromEntries(
    rows
      .map((row) => /^\| `([\w:-]+)` \| (\d+) \|/.exec(row))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] as string, Number(m[2])]),
  );
}

/** The reference docs/benchmarks.md states ("The reference (`cpuReference` in `package.json`) is 0.32 CPU-s"), or null. */
export function readmeReference(readme: string): number | null {
  const m = /The reference \(`cpuReference` in `package\.json`\) is (\d+(?:\.\d+)?) CPU-s/.exec(readme);
  return m ? Number(m[1]) : null;
}

/** Each broken rule, in words: a stage of `npm test` without a budget, budgets adding up past the total, docs/benchmarks.md's table or reference differing. */
export function budgetProblems(pkg: BudgetedPackage, readme: string): string[] {
  const budgets = pkg.stageBudgets ?? {};
  const steps = testSteps(pkg);
  const problems = steps
    .flat(2)
    .filter((stage) => !(budgets[stage] && budgets[stage] > 0))
    .map((stage) => `${stage} has no budget`);
  const total = steps.flat(2).reduce((sum, stage) => sum + (budgets[stage] ?? 0), 0);
  if (total > testCommandCpuBudget)
    problems.push(`the stages' budgets add up to ${total} CPU-s, over ${testCommandCpuBudget}`);
  const stated = readmeBudgets(readme);
  for (const stage of new Set([...Object.keys(stated), ...Object.keys(budgets)]))
    if (stated[stage] !== budgets[stage])
      problems.push(
        `${stage}: docs/benchmarks.md says ${stated[stage] ?? "nothing"}, package.json ${budgets[stage] ?? "nothing"}`,
      );
  const reference = pkg.cpuReference?.seconds;
  if (reference === undefined)
    problems.push("package.json has no cpuReference: the budgets are in no machine's CPU-seconds");
  else if (readmeReference(readme) !== reference)
    problems.push(
      `the reference: docs/benchmarks.md says ${readmeReference(readme) ?? "nothing"}, package.json ${reference}`,
    );
  return problems;
}
