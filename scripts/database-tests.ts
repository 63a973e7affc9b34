import { buildImportGraph } from "./import-graph.ts";

const testDatabase = "server/testing/test-database.ts";

/**
 * The server test files that reach the test database through their imports: the ones the PostgreSQL
 * stage runs again on a real server. The rest (the data folder, the devnet, the process) do not touch
 * a database that TEST_DATABASE_URL could change, so running them twice would only cost time.
 */
export function databaseTestFiles(root: string): string[] {
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
