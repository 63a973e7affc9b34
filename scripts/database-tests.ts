import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildImportGraph } from "./import-graph.ts";

const testDatabase = "server/testing/test-database.ts";

const foundIn = new Map<string, string[]>();

/**
 * The server test files that reach the test database through their imports: the ones test:server:postgres runs
 * on a real server. The rest (the data folder, the devnet, the process) do not touch a database that
 * TEST_DATABASE_URL could change. Read once per root and process (parsing the server's imports takes about 0.4 s).
 */
export function databaseTestFiles(root: string): string[] {
  let found = foundIn.get(root);
  if (!found) {
    found = findDatabaseTestFiles(root);
    foundIn.set(root, found);
  }
  return [...found];
}

function findDatabaseTestFiles(root: string): string[] {
  const { files, edges } = buildImportGraph(root, ["server"]);
  const importsOf = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.to && edge.resolved && !edge.typeOnly)
      importsOf.set(edge.from, [...(importsOf.get(edge.from) ?? []), edge.to]);
  }
  const reaches = (file: string, seen = new Set<string>()): boolean => {
    if (file === testDatabase) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    return (importsOf.get(file) ?? []).some((next) => reaches(next, seen));
  };
  return files.filter((file) => file.endsWith(".test.ts") && reaches(file));
}

/**
 * What a database test file says when it must also run on PGlite: its subject is a path the engines take differently
 * (LISTEN/NOTIFY, the job queue on PGlite's one connection, migrations and conversions of a PGlite data folder, racing
 * calls on one connection). Every other database test proves SQL and logic that PGlite, PostgreSQL 18 compiled to
 * WebAssembly, runs the same way, so `npm test` runs it once, on the real server.
 */
export const bothEnginesNote = "Runs on PGlite and on PostgreSQL";

/** A database test's own use of the engine's paths: such a file must carry `bothEnginesNote`. */
export const usesEnginePaths = /database\.listen|\.engine\b|onPostgres|TEST_DATABASE_URL/;

/** The database test files that use the engine's own paths without saying they run on both: each is a rule break. */
export function missingBothEnginesNote(root: string): string[] {
  return databaseTestFiles(root).filter((file) => {
    const text = readFileSync(join(root, file), "utf8");
    return usesEnginePaths.test(text) && !text.includes(bothEnginesNote);
  });
}

/** The database test files that run on PostgreSQL only: those not carrying `bothEnginesNote`. */
export function postgresOnlyTestFiles(root: string): string[] {
  return databaseTestFiles(root).filter((file) => !readFileSync(join(root, file), "utf8").includes(bothEnginesNote));
}

/**
 * The files a PGlite stage (test:unit, test:process) leaves out: with DATABASE_TESTS=postgres (`npm test`, where
 * test:server:postgres runs them, and `npm run test:quick`) the PostgreSQL-only ones; unset, none, so `npx vitest run
 * <file>` runs any file on PGlite.
 */
export function leftToPostgres(root: string): string[] {
  const setting = process.env.DATABASE_TESTS;
  if (setting === undefined || setting === "") return [];
  if (setting !== "postgres")
    throw new Error(`DATABASE_TESTS must be "postgres" or unset, not ${JSON.stringify(setting)}`);
  return postgresOnlyTestFiles(root);
}
