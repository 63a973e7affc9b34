import pg from "pg";
import type { TestPostgres } from "./postgres-server.ts";

/** The test database's URL as one of the two roles scripts/with-postgres.mjs makes (db/roles.ts). */
export function roleUrl(postgres: TestPostgres, role: "mc_owner" | "mc_app"): string {
  const url = new URL(postgres.databaseUrl);
  url.username = role;
  return url.toString();
}

/**
 * As a deployment has it: the database, and so its public schema (PostgreSQL 15+), belongs to the owner role, and no
 * other role may create in that schema.
 */
export async function handToOwner(postgres: TestPostgres): Promise<void> {
  const database = new URL(postgres.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: postgres.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop schema public cascade; create schema public authorization mc_owner`);
    await admin.query(`alter database ${database} owner to mc_owner`);
    await admin.query("revoke create on schema public from public");
  } finally {
    await admin.end();
  }
}
