/**
 * Vitest's usual output, plus its JSON report in reports/test-times/<npm script>.json, from which the stage runner and
 * `npm run test:times` tell the slowest and the failing files of each stage (test-times.mjs).
 */
export const stageReporters = (script: string): Array<string | [string, Record<string, unknown>]> => [
  "default",
  ["json", { outputFile: `reports/test-times/${script}.json` }],
];
