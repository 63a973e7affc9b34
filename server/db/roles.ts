import { type Kysely, sql } from "kysely";

/**
 * Least privilege on PostgreSQL (ASVS 13.2.2): migrations run as the role that owns the schema (MIGRATION_DATABASE_URL),
 * the server as a role that may only read and write rows (DATABASE_URL). After migrating, the owner grants the server's
 * role what it needs on every table and sequence of the schema (again at each start, so a new table is covered) and
 * nothing on the migrations' own bookkeeping; then the server's role is checked: one that may create tables, or a
 * superuser, refuses to start (checked before anything is granted).
 */
// biome-ignore lint/suspicious/noExplicitAny: grants work on any schema
export async function grantRowAccess(owner: Kysely<any>, role: string): Promise<void> {
  const grantee = sql.id(role);
  await sql`grant usage on schema public to ${grantee}`.execute(owner);
  await sql`grant select, insert, update, delete on all tables in schema public to ${grantee}`.execute(owner);
  await sql`revoke all on kysely_migration, kysely_migration_lock from ${grantee}`.execute(owner);
  await sql`grant usage, select on all sequences in schema public to ${grantee}`.execute(owner);
}

/** The server's role, as it connected: refused when it could change the schema. */
// biome-ignore lint/suspicious/noExplicitAny: the check reads catalogues only
export async function refuseSchemaPrivileges(app: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ role: string; superuser: boolean; createsInSchema: boolean; ownsTables: boolean }>`
    select current_user as role,
           (select rolsuper from pg_roles where rolname = current_user) as superuser,
           has_schema_privilege(current_user, 'public', 'CREATE') as "createsInSchema",
           exists (select 1 from pg_tables where schemaname = 'public' and tableowner = current_user) as "ownsTables"`.execute(
    app,
  );
  const row = rows[0];
  if (!row) throw new Error("could not read the server's PostgreSQL role");
  const why = row.superuser
    ? "is a superuser"
    : row.ownsTables
      ? "owns tables of the schema"
      : row.createsInSchema
        ? "may create tables in schema public (REVOKE CREATE ON SCHEMA public FROM PUBLIC, and from the role)"
        : null;
  if (why) {
    throw new Error(
      `DATABASE_URL's role ${row.role} ${why}: with MIGRATION_DATABASE_URL, the server's role may only read and write rows`,
    );
  }
  return row.role;
}
