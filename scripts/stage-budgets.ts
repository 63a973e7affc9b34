/** What docs/benchmarks.md and CONTRIBUTING.md say of the test command's budgets ("Test budgets"), checked. */
export interface BudgetedPackage {
  scripts: Record<string, string>;
  stageBudgets?: Record<string, number>;
}

/** The most the budgets of the longest lanes may add up to: five minutes on 2 cores (issue 38). */
export const testCommandBudgetSeconds = 300;

/** The steps of `npm test` as run-stages.mjs reads them (after any `NAME=value` settings): each step's lanes, each lane's stages. */
export function testSteps(pkg: BudgetedPackage): string[][][] {
  return (pkg.scripts.test ?? "")
    .replace(/^(\w+=\S* )*node scripts\/run-stages\.mjs /, "")
    .split(" ")
    .map((step) => step.replace(/"/g, ""))
    .filter(Boolean)
    .map((step) => step.split("|").map((lane) => lane.split(">")));
}

/** The "Test budgets" table of docs/benchmarks.md (a heading of any level): stage → seconds. */
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

/** Each broken rule, in words: a stage of `npm test` without a budget, lanes over 300 s, docs/benchmarks.md's table differing. */
export function budgetProblems(pkg: BudgetedPackage, readme: string): string[] {
  const budgets = pkg.stageBudgets ?? {};
  const steps = testSteps(pkg);
  const problems = steps
    .flat(2)
    .filter((stage) => !(budgets[stage] && budgets[stage] > 0))
    .map((stage) => `${stage} has no budget`);
  const total = steps
    .map((lanes) => Math.max(...lanes.map((lane) => lane.reduce((sum, stage) => sum + (budgets[stage] ?? 0), 0))))
    .reduce((a, b) => a + b, 0);
  if (total > testCommandBudgetSeconds)
    problems.push(`the longest lanes' budgets add up to ${total} s, over ${testCommandBudgetSeconds} s`);
  const stated = readmeBudgets(readme);
  for (const stage of new Set([...Object.keys(stated), ...Object.keys(budgets)]))
    if (stated[stage] !== budgets[stage])
      problems.push(
        `${stage}: docs/benchmarks.md says ${stated[stage] ?? "nothing"}, package.json ${budgets[stage] ?? "nothing"}`,
      );
  return problems;
}
