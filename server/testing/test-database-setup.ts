import { migratedSnapshot } from "./migrated-snapshot.ts";

/**
 * Vitest globalSetup: the migrated database snapshot exists before the first test file starts, so no file pays
 * initdb and the migrations inside its beforeAll while the other workers and stages load the machine.
 */
export async function setup() {
  if (!process.env.TEST_DATABASE_URL) await migratedSnapshot();
}
