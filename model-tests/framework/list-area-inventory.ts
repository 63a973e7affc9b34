import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** A list area a file of machines/ exports (machines/lists/list-area.ts), found by its shape. */
export interface FoundListArea {
  /** The export's name, e.g. `billListArea`. */
  name: string;
  file: string;
  area: object;
}

const isListArea = (value: unknown): value is { name: string } =>
  typeof value === "object" &&
  value !== null &&
  ["name", "fields", "requestSchema", "pageSizes", "rowKey"].every((key) => key in value);

/**
 * Every list area exported by the files of `dir`: a file is read when its text declares a `ListArea` (typed as one, or
 * made by `listArea(`), then each export shaped as one counts. Tests are skipped.
 */
export async function findListAreas(dir = "machines"): Promise<FoundListArea[]> {
  const found: FoundListArea[] = [];
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort();
  for (const file of files) {
    const path = join(dir, file);
    if (!/: ListArea<|\blistArea\(/.test(readFileSync(path, "utf8"))) continue;
    const exports = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (isListArea(value)) found.push({ name, file: path, area: value });
  }
  return found;
}

/**
 * Why `npm run model-test` must fail: a list area that no start of a model walks. The list machine is one
 * machine, so the machines' inventory cannot see a new list that QA never opens: each area must be a start's input.
 * The list model opens every area of the list areas' registry, so one missing there was not declared as one.
 */
export function unwalkedListAreas(
  areas: ReadonlyArray<FoundListArea>,
  models: ReadonlyArray<{ starts: ReadonlyArray<{ input: unknown }> }>,
): string[] {
  const walked = new Set(
    models.flatMap((model) =>
      model.starts.map((start) => (start.input as { area?: unknown } | undefined)?.area).filter(Boolean),
    ),
  );
  return areas
    .filter((found) => !walked.has(found.area))
    .map(
      (found) =>
        `${found.name} (${found.file}) is a list no model walks: the list model opens each area of machines/lists/list-area-table.ts, which \`npm run test:house\` writes from every \`export const <name>ListArea = listArea(…)\` of machines/<folder>/; declare it so`,
    );
}

/** The file of the list model's screen of an area (model-tests/harnesses/list-screens.ts finds it by its name). */
export const screenFileOf = (areaName: string) => `model-tests/harnesses/list-screens/${areaName}.ts`;

/**
 * Why `npm run model-test` must fail before it walks: a list area the list model opens without what its paths need
 * of the area itself, its screen (what a row and its details show) and its walk (the fake server's answers).
 */
export function unequippedListAreas(
  areas: ReadonlyArray<FoundListArea>,
  has: { screen(areaName: string): boolean; walk(areaName: string): boolean },
): string[] {
  return areas.flatMap((found) => {
    const { name } = found.area as { name: string };
    return [
      ...(has.screen(name)
        ? []
        : [
            `${found.name} (${found.file}) has no screen for the list model: add ${screenFileOf(name)}, its ListScreen (its page's path, its rows' cells, its details)`,
          ]),
      ...(has.walk(name)
        ? []
        : [
            `${found.name} (${found.file}) has no walk for the list model: add its answers and its rows' word to \`walks\` in model-tests/models/list-walks.ts`,
          ]),
    ];
  });
}
