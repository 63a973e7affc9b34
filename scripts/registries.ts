// The registries made of one file per area — the endpoint table, the handler table, the database's tables, the list
// areas — written from the files of their folders, so that an area adds its file and nothing else. `npm run
// test:house` (first in `npm run test:quick` and `npm test`) and `npm run dev` rewrite them; they are committed, so a
// clean clone, the build and the server read them as they are. What a registry can check stays in the typecheck: an
// area's file the generator does not find (no table export of the expected shape) leaves its keys out, and
// `HandlerTable`, `api.<area>.<call>` or `DB` fail on it; a list area it misses is a list no model walks
// (model-tests/framework/list-area-inventory.test.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

interface Registry {
  /** The file written, relative to the repository's root. */
  file: string;
  /** Its text from the folder's files, or the problems that keep it from being written. */
  text(root: string): { text: string } | { problems: string[] };
}

const header = (from: string) =>
  `// Written by scripts/registries.ts from the files of ${from} (\`npm run test:house\` rewrites it): do not edit.\n`;

/** The folder's code files, tests and `skip` aside, in name order. */
function codeFiles(root: string, dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(join(root, dir))
    .filter((file) => /^[\w-]+\.ts$/.test(file) && !file.endsWith(".test.ts") && !skip.includes(file))
    .sort();
}

/** The names a file exports as `export const <name>` matching `shape` (its first group is the name). */
function exportsOf(root: string, path: string, shape: RegExp): string[] {
  return [...readFileSync(join(root, path), "utf8").matchAll(shape)].map((match) => match[1] as string);
}

const list = (names: readonly string[], indent = "  ") => names.map((name) => `${indent}${name},\n`).join("");

/** An import line as Biome formats it: one line up to 120 characters, else a name a line. */
function importLine(names: readonly string[], from: string, type = false): string {
  const line = `import ${type ? "type " : ""}{ ${names.join(", ")} } from "${from}";`;
  return line.length <= 120 ? `${line}\n` : `import ${type ? "type " : ""}{\n${list(names)}} from "${from}";\n`;
}

const endpointTables: Registry = {
  file: "contracts/endpoint-tables.ts",
  text(root) {
    const problems: string[] = [];
    const tables = codeFiles(root, "contracts/endpoints").map((file) => {
      const names = exportsOf(root, `contracts/endpoints/${file}`, /^export const (\w+Endpoints)\b/gm);
      if (names.length !== 1)
        problems.push(
          `contracts/endpoints/${file} exports ${names.length} tables (\`export const <area>Endpoints\`), not one`,
        );
      return { file, name: names[0] ?? "" };
    });
    if (problems.length > 0) return { problems };
    const imports = tables.map(({ file, name }) => importLine([name], `./endpoints/${file}`)).join("");
    return {
      text: `${header("contracts/endpoints/")}${imports}
/** The areas' tables, one file each in contracts/endpoints/. */
export const areaTables = [\n${list(tables.map((t) => t.name))}] as const;\n`,
    };
  },
};

const handlerTable: Registry = {
  file: "server/routes/handler-table.ts",
  text(root) {
    // An area's handlers are typed by the rows they serve: `export const <name>: Pick<HandlerTable, …>`.
    const files = codeFiles(root, "server/routes", ["handler-table.ts"]).map((file) => ({
      file,
      names: exportsOf(root, `server/routes/${file}`, /^export const (\w+)\s*:\s*Pick<\s*HandlerTable\b/gm),
    }));
    const found = files.filter((f) => f.names.length > 0);
    const imports = found.map((f) => importLine(f.names, `./${f.file}`)).join("");
    const spreads = list(found.flatMap((f) => f.names.map((name) => `...${name}`)));
    return {
      text: `${header("server/routes/")}import type { HandlerTable } from "../http/handler.ts";\n${imports}
/** Every row's handler: each file of server/routes/ that exports a \`Pick<HandlerTable, …>\`, spread. */
export const handlers: HandlerTable = {\n${spreads}};\n`,
    };
  },
};

const schemaTables: Registry = {
  file: "server/db/schema-tables.ts",
  text(root) {
    const areas = codeFiles(root, "server/db/schema").flatMap((file) => {
      const text = readFileSync(join(root, "server/db/schema", file), "utf8");
      const body = /^export interface (\w+Tables) \{\n([\s\S]*?)^\}/m.exec(text);
      if (!body) return [];
      const tables = [...(body[2] as string).matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1] as string);
      return [{ file, name: body[1] as string, tables }];
    });
    return {
      text: `${header("server/db/schema/")}${areas
        .map(({ file, name }) => importLine([name], `./schema/${file}`, true))
        .join("")}\n${areas.map(({ file }) => `export * from "./schema/${file}";\n`).join("")}
/** The areas' tables, one file each in server/db/schema/ (its \`export interface <Area>Tables\`). */
export type AreaTables = [\n${list(areas.map((a) => a.name))}];

/** Every table the areas declare. */
export const areaTableNames = [\n${list(areas.flatMap((a) => a.tables.map((t) => `"${t}"`)))}] as const;\n`,
    };
  },
};

const listAreaTable: Registry = {
  file: "machines/lists/list-area-table.ts",
  text(root) {
    // A list area is an \`export const <name>ListArea = listArea(…)\` of a file in an area's folder of machines/.
    const areas = readdirSync(join(root, "machines"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .flatMap((folder) =>
        codeFiles(root, `machines/${folder}`).flatMap((file) =>
          exportsOf(root, `machines/${folder}/${file}`, /^export const (\w+ListArea) = listArea\(/gm).map((name) => ({
            folder,
            file,
            name,
          })),
        ),
      );
    const imports = areas.map(({ folder, file, name }) => importLine([name], `../${folder}/${file}`)).join("");
    const rows = areas.map(({ folder, name }) => `  { folder: "${folder}", area: ${name} },\n`).join("");
    return {
      text: `${header("machines/")}${imports}
/**
 * Every list area, each an \`export const <name>ListArea = listArea(…)\` of machines/<folder>/, with its folder: the
 * area of the page that shows the list (\`<folder>.title\` is its title).
 */
export const listAreaTable = [\n${rows}] as const;\n`,
    };
  },
};

export const registries: readonly Registry[] = [endpointTables, handlerTable, schemaTables, listAreaTable];

/**
 * Writes each registry whose folder changed; returns the files rewritten and the problems that kept one from being
 * written (a house rule broken, named by its file).
 */
export function writeRegistries(root: string): { rewritten: string[]; problems: string[] } {
  const rewritten: string[] = [];
  const problems: string[] = [];
  for (const registry of registries) {
    const made = registry.text(root);
    if ("problems" in made) {
      problems.push(...made.problems);
      continue;
    }
    const path = join(root, registry.file);
    let now = "";
    try {
      now = readFileSync(path, "utf8");
    } catch {}
    if (now === made.text) continue;
    writeFileSync(path, made.text);
    rewritten.push(registry.file);
  }
  return { rewritten, problems };
}
