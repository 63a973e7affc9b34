import { mkdirSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrations.ts";
import { PrioritisedPGliteDialect } from "./prioritised-pglite.ts";
import type { DB } from "./schema.ts";

export interface OpenDatabaseOptions {
  /** PGlite data folder; "memory" or undefined (without databaseUrl) keeps it in memory. */
  dataDir?: string;
  /** postgres://… switches to a real PostgreSQL server with the same SQL. */
  databaseUrl?: string;
}

export interface OpenedDatabase {
  db: Kysely<DB>;
  close(): Promise<void>;
}

const int8Oid = 20;

/** pg answers int8 as a string; PGlite would answer a number. Same answer from both. */
export const pgliteOptions: PGliteOptions = { parsers: { [int8Oid]: (value: string) => value } };

/** PGlite is one connection, lent to one query or transaction at a time, sign-ins first (prioritised-pglite.ts). */
export function kyselyOverPglite(pglite: PGlite): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PrioritisedPGliteDialect(pglite) });
}

/** Opens (and migrates) the database the server runs on. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const db = options.databaseUrl ? overPostgres(options.databaseUrl) : await overPglite(options.dataDir);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, close: () => db.destroy() };
}

function overPostgres(connectionString: string): Kysely<DB> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

async function overPglite(dataDir: string | undefined): Promise<Kysely<DB>> {
  if (dataDir === undefined || dataDir === "memory") return kyselyOverPglite(await PGlite.create(pgliteOptions));
  mkdirSync(dataDir, { recursive: true });
  return kyselyOverPglite(await PGlite.create(dataDir, pgliteOptions));
}
