import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { listenOverPglite } from "../db/listen.ts";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "../db/migrations.ts";
import { kyselyOverPglite, type OpenedDatabase, openDatabase, pgliteOptions } from "../db/open-database.ts";
import type { DB } from "../db/schema.ts";
import { migratedSnapshot } from "./migrated-snapshot.ts";

/**
 * A migrated in-memory database for one test file. initdb and the migrations cost 3–7 s on PGlite, many times that
 * while the rest of npm test shares the cores; loading a snapshot of an already migrated data folder costs about one.
 * The test runs make the snapshot once, before any file starts (test-database-setup.ts); a file that finds none (a
 * bench, a file run on its own) makes it first.
 */
export async function createTestDatabase(): Promise<OpenedDatabase> {
  if (process.env.TEST_DATABASE_URL) return createPostgresDatabase(process.env.TEST_DATABASE_URL);
  const pglite = await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([await migratedSnapshot()]) });
  const db = kyselyOverPglite(pglite);
  return { db, close: () => db.destroy(), listen: listenOverPglite(pglite), engine: { pglite } };
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
    const db = kyselyOverPglite(await PGlite.create(pgliteOptions));
    opened = { db, close: () => db.destroy() };
  }
  const { error } = await new Migrator({
    db: opened.db,
    provider: { getMigrations: async () => migrations },
  }).migrateTo(lastMigration);
  if (error) throw error;
  return { ...opened, listen: () => Promise.reject(new Error("no LISTEN on a migration test's database")) };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
