import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isFrozenMigration, isTest } from "./long-files.ts";

/** A tag naming the issue a line came from (the word and a number): the line says its why in words instead. */
const issueTag = /\bissue \d+/i;

/**
 * Our files (tests and shipped migrations aside) that name an issue by its number: a reader of the code has the code,
 * not the tracker, so a comment keeps the why and leaves the number out. A test may still name the finding it guards.
 */
export function issueTagViolations(root: string, files: readonly string[]): string[] {
  return files
    .filter((file) => !isTest(file) && !isFrozenMigration(file))
    .flatMap((file) => {
      const lines = readFileSync(join(root, file), "utf8").split("\n");
      const at = lines.findIndex((line) => issueTag.test(line));
      return at < 0
        ? []
        : [
            `${file}:${at + 1} names an issue by its number ("${lines[at]?.match(issueTag)?.[0]}"): say the why in words; the number is in the commit`,
          ];
    });
}
