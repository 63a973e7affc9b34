import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateJobQueue } from "./job-queue-schema.ts";
import { type Listen, listenOverPglite, listenOverPostgres } from "./listen.ts";
import { migrateToLatest } from "./migrations.ts";
import { PreparingClient } from "./prepared-statements.ts";
import { PrioritisedPGliteDialect } from "./prioritised-pglite.ts";
import { grantRowAccess, refuseSchemaPrivileges } from "./roles.ts";
import type { DB } from "./schema.ts";

export interface OpenDatabaseOptions {
  /** PGlite data folder; "memory" or undefined (without databaseUrl) keeps it in memory. */
  dataDir?: string;
  /** postgres://… switches to a real PostgreSQL server with the same SQL. */
  databaseUrl?: string;
  /**
   * postgres://… of the role that owns the schema: migrations run over it, then it grants databaseUrl's role row access
   * (roles.ts), which may then do nothing else (ASVS 13.2.2). Without it, migrations run over databaseUrl.
   */
  migrationUrl?: string;
}

export interface OpenedDatabase {
  db: Kysely<DB>;
  close(): Promise<void>;
  /** LISTEN on this database (listen.ts): PGlite's own session, or a dedicated connection to the PostgreSQL server. */
  listen: Listen;
  /** What the database runs on, for a client that needs more than Kysely (the job queue: job-queue.ts). */
  engine?: DatabaseEngine;
  /** The schema owner installed the job queue's schema (split roles): the server starts its queue with `migrate: false`. */
  jobQueueMigrated?: boolean;
}

export type DatabaseEngine = { pglite: PGlite } | { connectionString: string };

const int8Oid = 20;

/**
 * PostgreSQL settings PGlite starts with, after its own start parameters. Shared buffers live in PGlite's WebAssembly
 * memory, and PGlite touches all of them when it starts: its default 128 MB were resident for the life of the server
 * (156 of its 401 idle MB in `npm run bench:memory`). 16 MB hold the pages a list page reads by index; a
 * miss costs a read from the operating system's file cache (bench/pglite-heavy-queries.ts at 100,000 bills, median
 * CPU ms of several runs: index lookups, a join and 100,000 rows to JavaScript as fast; reading the whole table,
 * which 128 MB held, 20 -> 33 to count it and 52 -> 60 to aggregate it). WAL buffers keep the 4 MB they had
 * (PostgreSQL would size them at a 32nd of the shared buffers).
 */
export const pgliteSettings = { shared_buffers: "16MB", wal_buffers: "4MB" } as const;

/** pg answers int8 as a string; PGlite would answer a number. Same answer from both. */
export const pgliteOptions: PGliteOptions = {
  parsers: { [int8Oid]: (value: string) => value },
  startParams: [
    ...PGlite.defaultStartParams,
    ...Object.entries(pgliteSettings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ],
};

/** PGlite is one connection, lent to one query or transaction at a time, sign-ins first (prioritised-pglite.ts). */
export function kyselyOverPglite(pglite: PGlite): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PrioritisedPGliteDialect(pglite) });
}

/** Opens (and migrates) the database the server runs on. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const { db, listen, engine } = options.databaseUrl
    ? overPostgres(options.databaseUrl)
    : await overPglite(options.dataDir);
  const splitRoles = Boolean(options.databaseUrl && options.migrationUrl);
  try {
    if (splitRoles) await migrateAsOwner(options.migrationUrl!, db);
    else await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, close: () => db.destroy(), listen, engine, jobQueueMigrated: splitRoles };
}

/** The advisory lock key of the owner's start-up step (any bigint no other code of ours locks). */
const ownerStepLock = 7_243_190_043;

type Opened = Pick<OpenedDatabase, "db" | "listen"> & { engine: DatabaseEngine };

/**
 * Migrations over the owner's own connection, then row access for the server's role, once that role passed its check.
 * Instances started together take turns: PostgreSQL refuses a GRANT racing another on the same object ("tuple
 * concurrently updated", which ended one of two instances `npm run deploy:try` started at once), so the whole step holds
 * an advisory lock on the owner's one connection (never closed while idle), released when that connection closes.
 */
async function migrateAsOwner(migrationUrl: string, app: Kysely<DB>): Promise<void> {
  const role = await refuseSchemaPrivileges(app);
  const owner = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: migrationUrl, max: 1, idleTimeoutMillis: 0 }),
    }),
  });
  try {
    await sql`select pg_advisory_lock(${ownerStepLock})`.execute(owner);
    await migrateToLatest(owner);
    await grantRowAccess(owner, role);
    await migrateJobQueue(migrationUrl, owner, role);
  } finally {
    await owner.destroy();
  }
}

function overPostgres(connectionString: string): Opened {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    Client: PreparingClient,
  });
  // The server may end an idle connection (a restart, an administrator, a proxy's idle timeout). The pool drops that
  // client and opens another on the next query; without a listener its error event would end the whole process.
  pool.on("error", (error: Error & { code?: string }) => {
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), msg: "PostgreSQL ended an idle connection; the pool opens another when needed", code: error.code, err: error.message })}\n`,
    );
  });
  return {
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    listen: listenOverPostgres({ connectionString }),
    engine: { connectionString },
  };
}

async function overPglite(dataDir: string | undefined): Promise<Opened> {
  const inMemory = dataDir === undefined || dataDir === "memory";
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  if (!inMemory && !existsSync(join(dataDir, "PG_VERSION"))) await makeDatabaseApart(dataDir);
  const pglite = inMemory ? await PGlite.create(pgliteOptions) : await PGlite.create(dataDir, pgliteOptions);
  return { db: kyselyOverPglite(pglite), listen: listenOverPglite(pglite), engine: { pglite } };
}

/**
 * A new data folder's database is made by a short-lived child process (make-database.ts), so that the server's own
 * peak is a restart's: `npm run bench:memory`'s first start peaked at 1,100 MB in one process. The child holds a pipe
 * from this process and stops when it closes: a server ended while the child works leaves no orphan writing into a
 * folder the next server may take. Liftoff alone (make-database.ts says why) whatever flags the server runs with.
 */
async function makeDatabaseApart(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL("./make-database.ts", import.meta.url));
  const child = spawn(process.execPath, ["--liftoff-only", script, dataDir], { stdio: ["pipe", "inherit", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const [code, signal] = (await once(child, "exit")) as [number | null, string | null];
  child.stdin.destroy();
  if (code !== 0)
    throw new Error(`making the database in ${dataDir} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`);
}
