import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { migratedSnapshot, snapshotPath } from "./migrated-snapshot.ts";

/**
 * A server's data folder holding a freshly migrated PGlite database, for the process tests that start
 * `node server/main.ts` on PGlite. A server on an empty folder runs initdb and every migration first (about 6.5
 * CPU-seconds with the devnet, against about 3.5 on a migrated folder); the tests whose subject is not that first start
 * get a copy of this template instead. It is the migrated snapshot of test-database.ts unpacked into a folder, made once
 * per migrations and PGlite version (the process tests' globalSetup makes it before any file starts), and only ever
 * copied: no server runs on the template itself. The server takes such a folder as it is — the migrations find nothing
 * to do — and adds its lock, its secret and the job queue's schema like on any start.
 *
 * The first start on an empty folder stays proven by server/main.process.test.ts's "serves no dev outbox by default".
 */
export async function migratedDataFolder(): Promise<string> {
  const folder = templatePath();
  if (existsSync(folder)) return folder;
  const partial = `${folder}.${process.pid}.${randomBytes(4).toString("hex")}.part`;
  // Loaded only to make it (the process tests' globalSetup does): the files that copy it load no database engine.
  const [{ PGlite }, { pgliteOptions }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("../db/open-database.ts"),
  ]);
  try {
    const pglite = await PGlite.create(partial, {
      ...pgliteOptions,
      loadDataDir: new Blob([await migratedSnapshot()]),
    });
    await pglite.close();
    // Another process may have made it meanwhile: theirs is as good, ours is dropped.
    if (!existsSync(folder)) renameSync(partial, folder);
  } catch (error) {
    if (!existsSync(folder)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

/**
 * `dataDir` (created, or an empty existing folder) filled with a copy of the migrated template; returns `dataDir`.
 * The copy is a data folder no server has run on yet, with a migrated database in it.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const template = await migratedDataFolder();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

function templatePath(): string {
  return snapshotPath().replace(/\.tar$/, ".data-folder");
}
