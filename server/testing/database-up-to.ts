import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import type { DB } from "../db/schema.ts";
import { createTestDatabaseUpTo } from "./test-database.ts";

/**
 * A migration test's database: migrated up to `lastMigration` before the file's tests, closed after them. Each test
 * seeds the older schema through `db`, runs `migrateToLatest` and reads what the migration made of its rows.
 */
export function databaseUpTo(lastMigration: string): { readonly db: Kysely<DB> } {
  let database: OpenedDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabaseUpTo(lastMigration);
  }, 60_000);
  afterAll(() => database?.close());
  return {
    get db() {
      if (!database) throw new Error(`the database up to ${lastMigration} is opened before the tests`);
      return database.db;
    },
  };
}
