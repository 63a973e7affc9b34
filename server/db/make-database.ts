/**
 * `node --liftoff-only server/db/make-database.ts <data folder>`: makes the server's PGlite database in a new data
 * folder (PGlite's initdb, then the migrations) and exits; it stops as soon as its stdin ends. open-database.ts runs it as a child process on a first start,
 * so that the server never holds this step's memory: initdb's own WebAssembly memory, and, on Node 24, V8's optimising
 * compiler, which compiled PostgreSQL's parser (raw_parser, 105 kB of WebAssembly) with about 600 MB of zone memory
 * once the migrations made it hot (Node 26's V8 takes 27 MB). `--liftoff-only` still pays on Node 26: these few
 * seconds of DDL never repay the optimising compiles: with Liftoff alone the child takes 8.3 CPU-s against 11.2,
 * 7.2 s against 8.4 and peaks at 619 MB against 623–670 (docs/benchmarks.md, "Node 26 against Node 24").
 */
import { PGlite } from "@electric-sql/pglite";
import { migrateToLatest } from "./migrations.ts";
import { kyselyOverPglite, pgliteOptions } from "./open-database.ts";

/** Makes and migrates the database in `dataDir`, then closes it. */
export async function makeDatabase(dataDir: string): Promise<void> {
  const db = kyselyOverPglite(await PGlite.create(dataDir, pgliteOptions));
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error("usage: node --liftoff-only server/db/make-database.ts <data folder>");
  // The server's pipe on stdin closes when the server ends, however it ends: stop with it.
  process.stdin.on("end", () => process.exit(1)).resume();
  await makeDatabase(dataDir);
  process.exit(0);
}
