import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPostgres, type TestPostgres } from "../testing/postgres-server.ts";
import { type OpenedDatabase, openDatabase } from "./open-database.ts";

let postgres: TestPostgres | undefined;
let database: OpenedDatabase | undefined;

beforeAll(async () => {
  postgres = await startTestPostgres();
  database = await openDatabase({ databaseUrl: postgres.databaseUrl });
});

afterAll(async () => {
  await database?.close();
  await postgres?.stop();
});

describe("the server's PostgreSQL pool", () => {
  it("survives the server ending its idle connections (a restart, an administrator, a proxy's idle timeout) and connects again", async () => {
    const db = database!.db;
    // Several idle clients in the pool.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)));

    const admin = new pg.Client({ connectionString: postgres!.databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = ''",
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the pool hear of it: without a listener its error event would be an uncaught exception, ending the process.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(db);
    expect(rows).toEqual([{ answer: 42 }]);
  });
});
