import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Kysely, sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator } from "kysely/migration";
const folder = join(import.meta.dirname, "migrations");

/**
 * Plain SQL, PostgreSQL dialect, run the same on PGlite and on a real server: every file of migrations/, in the order
 * of its name, each exporting its one migration and recorded by the database under its name with underscores
 * (`0006-orders.ts` is `0006_orders`: the names predate the one-file-each layout and may never change). A new migration
 * is its file and nothing more. Never edit a migration that has shipped: add the next one (migrations.test.ts checks
 * each file against its sha-256 in shipped-migrations.sha256; a new migration adds its line there).
 */
export const migrations: Record<string, Migration> = Object.fromEntries(
  await Promise.all(
    readdirSync(folder)
      .filter((file) => file.endsWith(".ts"))
      .sort()
      .map(async (file) => {
        const exported = Object.values(await import(pathToFileURL(join(folder, file)).href)) as Migration[];
        if (exported.length !== 1) throw new Error(`server/db/migrations/${file} must export its one migration`);
        return [file.replace(/\.ts$/, "").replaceAll("-", "_"), exported[0] as Migration] as const;
      }),
  ),
);

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: the Migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  if (await allRecorded(db)) return;
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * Whether the database recorded exactly these migrations: then there is nothing to migrate, and a start skips the
 * Migrator's catalogue introspection and lock (about 90 ms of every start on PGlite). Anything else (no table yet, a
 * migration missing or unknown here) goes through the Migrator, which migrates or says what is wrong.
 */
// biome-ignore lint/suspicious/noExplicitAny: the Migrator works on any schema
async function allRecorded(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const recorded = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select("name").orderBy("name").execute();
  const names = Object.keys(migrations).sort();
  return recorded.length === names.length && recorded.every((row, i) => row.name === names[i]);
}
