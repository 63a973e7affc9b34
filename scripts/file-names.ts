/** Our code files are named in kebab-case (`order-list.ts`, `bill-list.model-test.tsx`, `stage-table.d.mts`): lower case, words by hyphens. */
const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9-]+)*\.(ts|tsx|mts|mjs|js)$/;

/** The files whose name is not kebab-case, each named with the rule. */
export const fileNameViolations = (files: readonly string[]): string[] =>
  files
    .filter((file) => !kebabCase.test(file.split("/").at(-1) ?? ""))
    .map((file) => `${file} is not named in kebab-case: lower case, words joined by hyphens (order-list.ts)`);
