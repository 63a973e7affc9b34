import { type Kysely, sql } from "kysely";
import { PgBoss } from "pg-boss";

/** The job queue's schema (pg-boss's tables and functions), beside the application's `public`. */
export const jobQueueSchema = "pgboss";

/**
 * Split roles (roles.ts): the schema owner installs or upgrades the job queue's schema while migrating, then lets the
 * server's role use it — rows of its tables, its sequences and functions — so the server starts its queue with
 * `migrate: false` and never needs to create anything. pg-boss's own DDL (a queue's partition, a day's statistics
 * table) runs inside its functions: they run as their owner (security definer, a fixed search_path), so the server's
 * role still creates nothing itself.
 */
// biome-ignore lint/suspicious/noExplicitAny: grants work on any schema
export async function migrateJobQueue(ownerUrl: string, owner: Kysely<any>, role: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: ownerUrl,
    schema: jobQueueSchema,
    supervise: false,
    schedule: false,
    max: 1,
  });
  boss.on("error", () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  const grantee = sql.id(role);
  const schema = sql.id(jobQueueSchema);
  await sql`grant usage on schema ${schema} to ${grantee}`.execute(owner);
  await sql`grant select, insert, update, delete on all tables in schema ${schema} to ${grantee}`.execute(owner);
  await sql`grant usage, select on all sequences in schema ${schema} to ${grantee}`.execute(owner);
  await sql`grant execute on all functions in schema ${schema} to ${grantee}`.execute(owner);
  // The schema's name is written out: a DO block takes no parameters.
  await sql`
    do $$
    declare f regprocedure;
    begin
      for f in select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname = 'pgboss' and p.prokind = 'f' and not p.prosecdef loop
        execute format('alter function %s security definer set search_path = pgboss, pg_catalog, pg_temp', f);
      end loop;
    end $$`.execute(owner);
}
