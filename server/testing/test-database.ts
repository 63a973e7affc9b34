import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { listenOverPglite } from "../db/listen.ts";
import { migrateToLatest } from "../db/migrations.ts";
import { kyselyOverPglite, type OpenedDatabase, openDatabase, pgliteOptions } from "../db/open-database.ts";

/**
 * A migrated in-memory database for one test file. initdb costs 3–7 s on PGlite; loading a
 * snapshot of an already migrated data folder costs about one, so the first file writes the
 * snapshot (keyed by the migrations and the PGlite version) and the others load it.
 */
export async function createTestDatabase(): Promise<OpenedDatabase> {
  if (process.env.TEST_DATABASE_URL) return createPostgresDatabase(process.env.TEST_DATABASE_URL);
  const snapshot = snapshotPath();
  let pglite: PGlite | undefined;
  if (existsSync(snapshot)) {
    try {
      pglite = await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([readFileSync(snapshot)]) });
    } catch {
      pglite = undefined;
    }
  }
  const fresh = !pglite;
  pglite ??= await PGlite.create(pgliteOptions);
  const db = kyselyOverPglite(pglite);
  await migrateToLatest(db);
  if (fresh) {
    const dump = await pglite.dumpDataDir("none");
    const partial = `${snapshot}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, snapshot);
  }
  return { db, close: () => db.destroy(), listen: listenOverPglite(pglite) };
}

function snapshotPath(): string {
  const here = import.meta.dirname;
  const hash = createHash("sha256")
    .update(readFileSync(join(here, "../db/migrations.ts")))
    .update(readFileSync(join(here, "../../node_modules/@electric-sql/pglite/package.json")))
    .digest("hex")
    .slice(0, 16);
  return join(tmpdir(), `merchant-console-test-db-${hash}.tar`);
}

/** TEST_DATABASE_URL=postgres://…: the same tests on a real server, one throw-away database per file. */
async function createPostgresDatabase(serverUrl: string): Promise<OpenedDatabase> {
  const name = `mc_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString() });
  return {
    db: opened.db,
    listen: opened.listen,
    close: async () => {
      await opened.close();
      await admin(`drop database ${name}`);
    },
  };
}
