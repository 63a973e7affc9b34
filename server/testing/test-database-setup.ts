import { migratedSnapshot } from "./migrated-snapshot.ts";
import { createMigratedTemplate } from "./test-database.ts";

/**
 * Vitest globalSetup: the migrated database exists before the first test file starts, so no file pays initdb and the
 * migrations inside its beforeAll while the other workers and stages load the machine: PGlite's snapshot, or on
 * TEST_DATABASE_URL's server a migrated template database each file's database is copied from.
 */
export async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await createMigratedTemplate(serverUrl);
  else await migratedSnapshot();
}
