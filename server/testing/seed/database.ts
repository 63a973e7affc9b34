import type { Kysely } from "kysely";
import { type DB, tableNames } from "../../db/schema.ts";
import { emptyTables } from "../empty-tables.ts";

/** Empties every table; merchant ids start again at 100001. */
export async function resetDatabase(db: Kysely<DB>): Promise<void> {
  await emptyTables(db, tableNames);
}
