import { migratedDataFolder } from "./migrated-data-folder.ts";

/**
 * Vitest globalSetup of the process tests (scripts/vitest.process.config.ts): the migrated database snapshot
 * (test-database.ts) and the migrated data folder unpacked from it (migrated-data-folder.ts) exist before the first file
 * starts, so no file pays initdb and the migrations while the other workers load the machine.
 */
export async function setup() {
  await migratedDataFolder();
}
