import { randomBytes } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { loadServerSecret } from "./server-secret.ts";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import type { Listen } from "./listen.ts";
import type { DatabaseEngine, OpenDatabaseOptions, OpenedDatabase } from "./open-database.ts";
import type { DB } from "./schema.ts";

// The database engine (PGlite, pg, Kysely) loads once the folder is taken: a server refused the folder, or refused
// by server/main.ts's settings checks (it loads this module with them), never loads it.
const openDatabase = async (options: OpenDatabaseOptions): Promise<OpenedDatabase> =>
  (await import("./open-database.ts")).openDatabase(options);

/** A reason not to start that the operator can act on: main prints its message, without a stack trace. */
export class StartupRefusal extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupRefusal";
  }
}

export interface ServerData {
  db: Kysely<DB>;
  secret: Buffer;
  /** LISTEN on the database (live order status): OpenedDatabase.listen. */
  listen: Listen;
  /** What the database runs on, for the job queue (domain/platform/job-queue.ts): OpenedDatabase.engine. */
  engine?: DatabaseEngine;
  /** The job queue's schema was installed by the schema owner (OpenedDatabase.jobQueueMigrated). */
  jobQueueMigrated?: boolean;
  /** Closes the database, then gives the data folder up. */
  close(): Promise<void>;
}

export interface ServerDataSettings {
  DATA_DIR?: string;
  DATABASE_URL?: string;
  /** The schema owner's postgres://… (db/roles.ts): migrations run as it, the server as DATABASE_URL's role. */
  MIGRATION_DATABASE_URL?: string;
  SERVER_SECRET?: string;
}

/**
 * What server/main.ts opens: DATA_DIR (./data) taken for this process (lock, 0700, files 0600), the server secret,
 * and the database (PGlite in DATA_DIR, or DATABASE_URL — the folder then holds the secret and is locked all the same).
 * DATA_DIR=memory keeps PGlite in memory and takes no folder; the secret is then SERVER_SECRET or lives as long as the process.
 */
export async function openServerData(env: ServerDataSettings): Promise<ServerData> {
  const dataDir = env.DATA_DIR || "./data";
  const databaseUrl = env.DATABASE_URL || undefined;
  const migrationUrl = env.MIGRATION_DATABASE_URL || undefined;
  if (dataDir === "memory") {
    const secret = env.SERVER_SECRET ? refuseOnError(() => loadServerSecret({ env, dataDir })) : randomBytes(32);
    return { secret, ...(await openDatabase({ dataDir, databaseUrl, migrationUrl })) };
  }
  const lock = claimDataFolder(dataDir);
  try {
    const secret = refuseOnError(() => loadServerSecret({ env, dataDir }));
    const { db, close, listen, engine, jobQueueMigrated } = await openDatabase({ dataDir, databaseUrl, migrationUrl });
    // PGlite unpacks its initial files as 0666 and writes some later ones 0644 whatever the umask: take them back.
    tightenModes(dataDir);
    return {
      db,
      secret,
      listen,
      engine,
      jobQueueMigrated,
      close: async () => {
        try {
          await close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Creates or takes DATA_DIR for this process: umask 077, the lock, and group/other access removed from what is there. */
export function claimDataFolder(dataDir: string): DataDirLock {
  restrictUmask();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = refuseOnError(() => acquireDataDirLock(dataDir));
  try {
    tightenModes(dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  return lock;
}

/** Removes group and other permissions from the folder and everything under it (symbolic links are left alone). */
export function tightenModes(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.mode & 0o077) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) tightenModes(join(path, name));
}

function restrictUmask(): void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads may not change the umask; the chmod pass still applies.
  }
}

function refuseOnError<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw new StartupRefusal(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
