import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The migrated data folder every PGlite test starts from, dumped once per run: the unit tests load it in memory
 * (test-database.ts), the process tests copy it into a server's data folder (migrated-data-folder.ts). In a file of its
 * own so that a process test copying it does not reach the test database (scripts/database-tests.ts).
 */
/** The snapshot of a freshly migrated data folder, keyed by the migrations and the PGlite version; made when missing. */
export async function migratedSnapshot(): Promise<Buffer<ArrayBuffer>> {
  const snapshot = snapshotPath();
  if (existsSync(snapshot)) return readFileSync(snapshot);
  // Loaded only to make it: a process test copying the template (migrated-data-folder.ts) loads no database engine.
  const [{ PGlite }, { migrateToLatest }, { kyselyOverPglite, pgliteOptions }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("../db/migrations.ts"),
    import("../db/open-database.ts"),
  ]);
  const pglite = await PGlite.create(pgliteOptions);
  const db = kyselyOverPglite(pglite);
  try {
    // The initdb this costs serves the migrations' own tests too (blankSnapshot), dumped before anything is migrated.
    if (!existsSync(blankSnapshotPath())) await dumpInto(pglite, blankSnapshotPath());
    await migrateToLatest(db);
    return await dumpInto(pglite, snapshot);
  } finally {
    await db.destroy();
  }
}

/**
 * The snapshot of a database as initdb leaves it, nothing migrated: what a migration's own test starts from
 * (test-database.ts, `createTestDatabaseUpTo`), loaded in about a CPU-second rather than initdb's four. Made with
 * the migrated one, or here when missing.
 */
export async function blankSnapshot(): Promise<Buffer<ArrayBuffer>> {
  const blank = blankSnapshotPath();
  if (existsSync(blank)) return readFileSync(blank);
  const [{ PGlite }, { pgliteOptions }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("../db/open-database.ts"),
  ]);
  const pglite = await PGlite.create(pgliteOptions);
  try {
    return await dumpInto(pglite, blank);
  } finally {
    await pglite.close();
  }
}

/** The database's data folder as a tar, written whole or not at all (another worker may be reading the path). */
async function dumpInto(pglite: PGlite, path: string): Promise<Buffer<ArrayBuffer>> {
  const dump = Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer());
  const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.part`;
  writeFileSync(partial, dump);
  renameSync(partial, path);
  return dump;
}

const pgliteVersion = () =>
  readFileSync(join(import.meta.dirname, "../../node_modules/@electric-sql/pglite/package.json"));

/** Where the blank snapshot is kept: keyed by the PGlite version alone. */
const blankSnapshotPath = () =>
  join(
    tmpdir(),
    `merchant-console-test-db-blank-${createHash("sha256").update(pgliteVersion()).digest("hex").slice(0, 16)}.tar`,
  );

/** Where the snapshot is kept: keyed by the migrations and the PGlite version (migrated-data-folder.ts keys by it too). */
export function snapshotPath(): string {
  return join(tmpdir(), `merchant-console-test-db-${migrationsKey(pgliteVersion())}.tar`);
}

/** 16 hex digits that change with any migration (and with `more`): the key of a migrated template. */
export function migrationsKey(more: Buffer = Buffer.alloc(0)): string {
  const here = import.meta.dirname;
  const hash = createHash("sha256").update(readFileSync(join(here, "../db/migrations.ts")));
  const folder = join(here, "../db/migrations");
  for (const file of readdirSync(folder).sort()) hash.update(file).update(readFileSync(join(folder, file)));
  hash.update(readFileSync(join(here, "../db/job-queue-schema.ts"))).update(more);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The migrated database the PostgreSQL test databases are copied from, named by the migrations it ran (test-database.ts
 * makes it; postgres-server.ts copies it for a process test's servers).
 */
export const migratedTemplateName = () => `mc_template_${migrationsKey()}`;
