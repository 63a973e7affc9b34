import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildImportGraph, type ImportEdge } from "./import-graph.ts";

const testDatabase = "server/testing/test-database.ts";

/** The folders whose test files may open a database: the server's, and those that import it (never the console's). */
const serverSideFolders = ["server", "scripts", "chaos", "bench", "examples"];
/** Packages that open a database when a test loads or calls them: PGlite, and node-postgres for a real server. */
const databasePackages = new Set(["@electric-sql/pglite", "pg"]);

const databaseFilesIn = new Map<string, string[]>();
const openingFilesIn = new Map<string, string[]>();

/** `find(root)`, once per root and process (parsing the server's imports takes about half a CPU-second). */
function cached(cache: Map<string, string[]>, root: string, find: (root: string) => string[]): string[] {
  let found = cache.get(root);
  if (!found) {
    found = find(root);
    cache.set(root, found);
  }
  return [...found];
}

/**
 * The server test files that reach the test database through their imports: the ones test:server:postgres runs
 * on a real server. The rest (the data folder, the devnet, the process) do not touch a database that
 * TEST_DATABASE_URL could change.
 */
export function databaseTestFiles(root: string): string[] {
  return cached(databaseFilesIn, root, (at) =>
    testFilesReaching(at, ["server"], (edge) => edge.to === testDatabase, Number.POSITIVE_INFINITY).filter((file) =>
      file.startsWith("server/"),
    ),
  );
}

/**
 * The test files that open a database: those reaching the test database, PGlite or node-postgres through their
 * imports, a lazy `import()` in the test or in a module it imports too (their loads are what it calls; deeper, a load
 * its subject does not make: data-folder.ts opens a database lazily, and startup-settings.ts imports it only for
 * its StartupRefusal). Opening one costs a PGlite load (about a CPU-second; the first in a worker compiles PGlite's
 * WebAssembly too) or a database server's work: `npm run test:quick` leaves them to `npm test`
 * (scripts/vitest.quick.config.ts).
 */
export function databaseOpeningTestFiles(root: string): string[] {
  return cached(openingFilesIn, root, (at) =>
    testFilesReaching(
      at,
      serverSideFolders,
      (edge) => edge.to === testDatabase || databasePackages.has(edge.specifier),
      1,
    ),
  );
}

/** The test files under `folders` whose imports reach one `target` takes, through lazy imports down to `lazyDepth`. */
function testFilesReaching(
  root: string,
  folders: string[],
  target: (edge: ImportEdge) => boolean,
  lazyDepth: number,
): string[] {
  const { files, edges } = buildImportGraph(root, folders);
  const importsOf = new Map<string, ImportEdge[]>();
  for (const edge of edges) if (!edge.typeOnly) importsOf.set(edge.from, [...(importsOf.get(edge.from) ?? []), edge]);
  const reaches = (file: string): boolean => {
    const seen = new Set<string>();
    const walk = (at: string, depth: number): boolean => {
      const visit = `${at} ${depth <= lazyDepth}`;
      if (seen.has(visit)) return false;
      seen.add(visit);
      return (importsOf.get(at) ?? []).some(
        (edge) =>
          (!edge.lazy || depth <= lazyDepth) &&
          (target(edge) || (edge.to !== null && edge.resolved && walk(edge.to, depth + 1))),
      );
    };
    return walk(file, 0);
  };
  return files.filter((file) => /\.test\.tsx?$/.test(file) && reaches(file));
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
 * test:server:postgres runs them) the PostgreSQL-only ones; unset, none, so `npx vitest run <file>` runs any file on
 * PGlite.
 */
export function leftToPostgres(root: string): string[] {
  const setting = process.env.DATABASE_TESTS;
  if (setting === undefined || setting === "") return [];
  if (setting !== "postgres")
    throw new Error(`DATABASE_TESTS must be "postgres" or unset, not ${JSON.stringify(setting)}`);
  return postgresOnlyTestFiles(root);
}
