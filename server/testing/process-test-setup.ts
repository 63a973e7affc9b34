import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratedDataFolder } from "./migrated-data-folder.ts";
import { holdThrowAwayCluster } from "./postgres-server.ts";

/**
 * Vitest globalSetup of the process tests (scripts/vitest.process.config.ts), before the first file starts:
 * - the migrated database snapshot (test-database.ts) and the migrated data folder unpacked from it
 *   (migrated-data-folder.ts), so no server start pays initdb and the migrations unless that start is the subject;
 * - one throw-away PostgreSQL cluster for every file that needs one (scripts/with-postgres.mjs, as startTestPostgres
 *   would start per file), named to the workers by PROCESS_TEST_POSTGRES_URL: each file still gets a fresh, empty
 *   database of its own on it, without waiting for an initdb and a server start of its own. With TEST_DATABASE_URL set
 *   (under with-postgres already) that server is used instead. On it, the migrated template database
 *   (test-database.ts), which a file whose subject is not a first start on an empty database copies
 *   (`startTestPostgres({ migrated: true })`): the migrations run once, not once per such database;
 * - Node's compile cache (NODE_COMPILE_CACHE, unless set already) for the workers and every process the tests start
 *   with their environment: the servers, the CLIs and scripts load their modules from V8's cached code (about
 *   0.6 instead of 1.0 CPU-seconds for server/main.ts's imports); what runs is the same code;
 * - METRICS_PORT=0 for those processes, unless set already.
 */
export async function setup() {
  process.env.NODE_COMPILE_CACHE ||= join(tmpdir(), "merchant-console-node-compile-cache");
  // The servers the tests start serve no metrics (METRICS_PORT's 9464 is one port for all), unless a test asks.
  process.env.METRICS_PORT ??= "0";
  const [, cluster] = await Promise.all([migratedDataFolder(), postgresWithTemplate()]);
  if (cluster) process.env.PROCESS_TEST_POSTGRES_URL = cluster.url;
  return async () => {
    await cluster?.stop();
  };
}

/** The cluster held for the stage (none under with-postgres), once the migrated template is on the server used. */
async function postgresWithTemplate(): Promise<{ url: string; stop(): Promise<void> } | null> {
  const cluster = process.env.TEST_DATABASE_URL ? null : await holdThrowAwayCluster();
  // Loaded here only: the engines' modules are this process's for this one migration.
  try {
    const { createMigratedTemplate } = await import("./test-database.ts");
    await createMigratedTemplate(process.env.TEST_DATABASE_URL || cluster!.url);
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
  return cluster;
}
