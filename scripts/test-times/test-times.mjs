// What each Vitest stage of npm test took, file by file. Every stage's config adds Vitest's JSON reporter writing
// reports/test-times/<stage>.json (reporters.ts); the stage runner prints the slowest files from them and names the
// failing files of a failed stage, and `npm run test:times` prints them again after a run.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export const timesDir = (root = process.cwd()) => join(root, "reports", "test-times");

/** The report's file name of a stage: its npm script's name, "test:unit.json". */
export const reportName = (stage) => `${stage}.json`;

/**
 * The files of one stage's report, slowest first: `{ file, seconds, failed, failures }`; null when the stage wrote
 * none. `failures` are the failed tests' names with their first error message.
 * @returns {Array<{ file: string, seconds: number, failed: boolean, failures: Array<{ test: string, message: string }> }> | null}
 */
export function stageFiles(stage, root = process.cwd()) {
  const path = join(timesDir(root), reportName(stage));
  if (!existsSync(path)) return null;
  let report;
  try {
    report = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
  return (report.testResults ?? [])
    .map((result) => ({
      file: relative(root, result.name),
      seconds: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
      failed: result.status === "failed" || (result.assertionResults ?? []).some((a) => a.status === "failed"),
      failures: failuresOf(result),
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

/** A file's failed tests, or the file's own error (a failed import, a hook) when no test failed. */
function failuresOf(result) {
  const tests = (result.assertionResults ?? [])
    .filter((a) => a.status === "failed")
    .map((a) => ({ test: a.fullName ?? a.title ?? "", message: String(a.failureMessages?.[0] ?? "") }));
  if (tests.length > 0 || result.status !== "failed") return tests;
  return [{ test: "(the file)", message: String(result.message ?? "") }];
}

/** The stages that wrote a report, in the order of their names. */
export const reportedStages = (root = process.cwd()) =>
  existsSync(timesDir(root))
    ? readdirSync(timesDir(root))
        .filter((name) => name.endsWith(".json"))
        .map((name) => name.slice(0, -".json".length))
        .sort()
    : [];

/** Lines naming the `count` slowest files of each stage. */
export function slowestLines(stages, count = 10, root = process.cwd()) {
  const lines = [];
  for (const stage of stages) {
    const files = stageFiles(stage, root);
    if (!files || files.length === 0) continue;
    lines.push(`${stage}: the ${Math.min(count, files.length)} slowest of ${files.length} files`);
    for (const { file, seconds, failed } of files.slice(0, count))
      lines.push(`  ${seconds.toFixed(1).padStart(7)} s  ${file}${failed ? "  (failed)" : ""}`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stages = process.argv.length > 2 ? process.argv.slice(2) : reportedStages();
  const lines = slowestLines(stages);
  console.log(
    lines.length > 0
      ? lines.join("\n")
      : "test-times: no reports in reports/test-times yet: run npm test (or a stage of it) first",
  );
}
