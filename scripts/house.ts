// npm run test:house: the house rules of CONTRIBUTING.md ("House rules": import directions and cycles, the symbol rules,
// SECURITY.md's code rules, the database tests' engine note, long files, the documents' links, the README's layout, one name per area) over the whole tree,
// before anything else in `npm run test:quick` and `npm test`. A break is named by its file and the rule it breaks,
// before the typecheck reports the same mistake as a page of type errors in other files (a machine importing
// src/app/app.tsx: 600 lines about src/).
import { checkArchitecture, repoRoot } from "./architecture.ts";
import { areaNameProblems } from "./area-names.ts";
import { bothEnginesNote, missingBothEnginesNote } from "./database-tests.ts";
import { brokenLinks, layoutProblems, markdownFiles } from "./doc-links.ts";
import { writeRegistries } from "./registries.ts";

/**
 * Violations a rule found when it arrived, each listed once per place (line numbers left out, so that an edit above
 * one does not break the list). Fix them, then delete their lines: a listed violation that is gone fails too, so the
 * list only shrinks.
 */
export const knownViolations: readonly string[] = [];

/** Each violation once per place, without its line number. */
export const withoutLine = (violation: string) => violation.replace(/^([^ :]+):\d+ /, "$1 ");

/** What is left of `from` after taking out `taken`, one occurrence each. */
function remove(from: readonly string[], taken: readonly string[]): string[] {
  const left = [...from];
  for (const v of taken) {
    const at = left.indexOf(v);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/** Every break of the house rules in the tree at `root` not among `known`, and every one of `known` that is fixed. */
export function houseProblems(
  root = repoRoot,
  known: readonly string[] = knownViolations,
): { broken: string[]; fixed: string[] } {
  const found = [
    ...checkArchitecture(root),
    ...missingBothEnginesNote(root).map(
      (file) =>
        `${file} uses the engine's own paths without saying "${bothEnginesNote}" (docs/benchmarks.md, "Test budgets")`,
    ),
    ...brokenLinks(root, markdownFiles(root)).map((link) => `${link}: a link names a file or heading that exists`),
    ...layoutProblems(root),
    ...areaNameProblems(root),
  ];
  // Each listed violation excuses one place: the same break a second time is new.
  const unexcused = remove(found.map(withoutLine), known);
  return {
    broken: found.filter((problem) => {
      const at = unexcused.indexOf(withoutLine(problem));
      if (at < 0) return false;
      unexcused.splice(at, 1);
      return true;
    }),
    fixed: remove(known, found.map(withoutLine)),
  };
}

if (import.meta.main) {
  // The registries first: the rules below and the typecheck after this read the tree with a new area's file in them.
  const registries = writeRegistries(repoRoot);
  for (const file of registries.rewritten) console.log(`registry rewritten from its folder: ${file}`);
  for (const problem of registries.problems) console.error(`house rule broken: ${problem}`);
  const { broken, fixed } = houseProblems();
  for (const problem of broken) console.error(`house rule broken: ${problem}`);
  for (const gone of fixed) console.error(`fixed, delete it from knownViolations in scripts/house.ts: ${gone}`);
  if (broken.length + fixed.length + registries.problems.length > 0) process.exit(1);
  console.log("house rules: kept");
}
