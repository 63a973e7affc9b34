import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Past this many lines a file of ours (tests aside) says why it must be one file (CONTRIBUTING.md, "House rules"). */
export const longFileLines = 300;

/** The sentence a long file carries, in a comment: `One file: <why>`. */
export const oneFileReason = /^\s*(\/\/|\*|\/\*\*?)\s*One file: \S/m;

/** Our stylesheets under `folders`: the rule holds for them as for code, split by what they style. */
export const styleSheets = (root: string, folders: readonly string[]): string[] =>
  globSync(
    folders.map((folder) => `${folder}/**/*.css`),
    { cwd: root, exclude: (path) => path.split(/[\\/]/).includes("node_modules") },
  ).sort();

export const isTest = (file: string) => /\.(test|model-test)\.tsx?$/.test(file);
/**
 * A migration and the code it runs (`server/db/<name>-00NN.ts`) are frozen as they shipped: never edited, so they can
 * neither be split nor take the sentence.
 */
export const isFrozenMigration = (file: string) =>
  file.startsWith("server/db/migrations/") || /^server\/db\/[\w-]+-\d{4}\.ts$/.test(file);

/** The files over `longFileLines` lines that do not say why they must be one file, each named with the rule. */
export function longFileViolations(root: string, files: readonly string[]): string[] {
  return files
    .filter((file) => !isTest(file) && !isFrozenMigration(file))
    .filter((file) => {
      const text = readFileSync(join(root, file), "utf8");
      return text.split("\n").length > longFileLines && !oneFileReason.test(text);
    })
    .map(
      (file) =>
        `${file} is over ${longFileLines} lines: split it by what changes together, or say why it must be one file in a comment starting "One file:"`,
    );
}
