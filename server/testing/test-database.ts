import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { listenOverPglite } from "../db/listen.ts";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "../db/migrations.ts";
import { kyselyOverPglite, type OpenedDatabase, openDatabase, pgliteOptions } from "../db/open-database.ts";
import type { DB } from "../db/schema.ts";
import { blankSnapshot, migratedSnapshot, migratedTemplateName } from "./migrated-snapshot.ts";
import { leasePglite } from "./pglite-pool.ts";

// Read and copied into a Blob once per worker (43 MB; about 50 ms a file otherwise): PGlite only reads it.
let snapshotBlob: Promise<Blob> | undefined;

/**
 * True in PGlite's run of a file that says "Runs on PGlite and on PostgreSQL" when the same run of `npm test` has it
 * on PostgreSQL too: a test of such a file whose subject takes no path the engines take differently skips this run
 * (`it.skipIf(postgresRunCovers)`) and runs once, on PostgreSQL, like every other database test.
 */
export const postgresRunCovers = process.env.DATABASE_TESTS === "postgres" && !process.env.TEST_DATABASE_URL;

/**
 * A migrated in-memory database for one test file. initdb and the migrations cost 3–7 s on PGlite, many times that
 * while the rest of npm test shares the cores; loading a snapshot of an already migrated data folder costs about one.
 * The test runs make the snapshot once, before any file starts (test-database-setup.ts); a file that finds none (a
 * bench, a file run on its own) makes it first.
 */
export async function createTestDatabase(): Promise<OpenedDatabase> {
  if (process.env.TEST_DATABASE_URL) return createPostgresDatabase(process.env.TEST_DATABASE_URL);
  const pglite = await leasePglite(() => {
    snapshotBlob ??= migratedSnapshot().then((snapshot) => new Blob([snapshot]));
    return snapshotBlob;
  });
  const db = kyselyOverPglite(pglite);
  return { db, close: () => db.destroy(), listen: listenOverPglite(pglite), engine: { pglite } };
}

/**
 * TEST_DATABASE_URL=postgres://…: the same tests on a real server, one throw-away database per file, copied from the
 * migrated template when test-database-setup.ts made one (the migrations cost about half a CPU-second a database).
 */
async function createPostgresDatabase(serverUrl: string): Promise<OpenedDatabase> {
  const name = `mc_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = (statement: string) => adminQuery(serverUrl, statement);
  const template = migratedTemplateName();
  const { rowCount } = await adminQuery(serverUrl, "select 1 from pg_database where datname = $1", [template]);
  await admin(rowCount ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString() });
  return {
    db: opened.db,
    listen: opened.listen,
    engine: opened.engine,
    close: async () => {
      await opened.close();
      await admin(`drop database ${name}`);
    },
  };
}

/**
 * An empty database migrated up to `lastMigration` only, for a migration's own test (it seeds the older schema, then
 * runs `migrateToLatest`). PGlite in memory, or a throw-away database on TEST_DATABASE_URL's server.
 */
export async function createTestDatabaseUpTo(lastMigration: string): Promise<OpenedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let opened: Pick<OpenedDatabase, "db" | "close">;
  if (serverUrl) {
    const name = `mc_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString() }) }),
    });
    opened = {
      db,
      close: async () => {
        await db.destroy();
        await adminQuery(serverUrl, `drop database ${name}`);
      },
    };
  } else {
    const db = kyselyOverPglite(
      await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([await blankSnapshot()]) }),
    );
    opened = { db, close: () => db.destroy() };
  }
  const { error } = await new Migrator({
    db: opened.db,
    provider: { getMigrations: async () => migrations },
  }).migrateTo(lastMigration);
  if (error) throw error;
  return { ...opened, listen: () => Promise.reject(new Error("no LISTEN on a migration test's database")) };
}

async function adminQuery(serverUrl: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * Makes the migrated template on TEST_DATABASE_URL's server unless it exists (test-database-setup.ts, before any file
 * starts): every file's database is then a copy, with nothing left to migrate.
 */
export async function createMigratedTemplate(serverUrl: string): Promise<void> {
  const template = migratedTemplateName();
  const { rowCount } = await adminQuery(serverUrl, "select 1 from pg_database where datname = $1", [template]);
  if (rowCount) return;
  const building = `${template}_${process.pid}`;
  await adminQuery(serverUrl, `create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const opened = await openDatabase({ databaseUrl: url.toString() });
  await opened.close();
  // Renamed once complete: a template that exists is a migrated one, whatever stopped a run halfway before.
  await adminQuery(serverUrl, `alter database ${building} rename to ${template}`);
}
