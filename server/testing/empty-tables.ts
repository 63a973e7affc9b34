import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * Empties these tables and every table whose foreign keys lead to them, and restarts their identity sequences: what
 * TRUNCATE … RESTART IDENTITY CASCADE does, with DELETE. Truncation gives every table and index a new file, about 80 ms
 * of a PostgreSQL server's system time (40 ms of PGlite's CPU) each time, and tests empty tables before each case;
 * deleting the few rows a case leaves costs a few milliseconds. Replication role "replica" (the test databases' role is
 * a superuser) skips the foreign keys and the ledger's append-only triggers, as truncation does.
 */
export async function emptyTables(db: Kysely<DB>, roots: readonly string[]): Promise<void> {
  const { tables, sequences } = await planOf(db, roots);
  await sql`do $$ begin
    perform set_config('session_replication_role', 'replica', true);
    ${sql.join(
      tables.map((t) => sql`delete from ${sql.table(t)};`),
      sql` `,
    )}
    ${sql.join(
      sequences.map(({ name, start }) => sql`perform setval(${sql.lit(name)}, ${sql.lit(start)}, false);`),
      sql` `,
    )}
  end $$`.execute(db);
}

interface EmptyingPlan {
  tables: string[];
  sequences: { name: string; start: string }[];
}

// Per database and list of tables: the schema does not change under a test.
const plans = new WeakMap<Kysely<DB>, Map<string, Promise<EmptyingPlan>>>();

function planOf(db: Kysely<DB>, roots: readonly string[]): Promise<EmptyingPlan> {
  const ofDb = plans.get(db) ?? new Map<string, Promise<EmptyingPlan>>();
  plans.set(db, ofDb);
  const key = roots.join(",");
  let plan = ofDb.get(key);
  if (!plan) {
    plan = readPlan(db, roots);
    ofDb.set(key, plan);
  }
  return plan;
}

async function readPlan(db: Kysely<DB>, roots: readonly string[]): Promise<EmptyingPlan> {
  const { rows: tables } = await sql<{ oid: number; name: string }>`
    with recursive emptied(oid) as (
      select c.oid from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relname in (${sql.join(roots.map((t) => sql.lit(t)))})
      union
      select f.conrelid from pg_constraint f join emptied e on f.confrelid = e.oid where f.contype = 'f'
    )
    select oid::int as oid, oid::regclass::text as name from emptied`.execute(db);
  const { rows: sequences } = await sql<{ name: string; start: string }>`
    select s.oid::regclass::text as name, q.seqstart::text as start from pg_class s
      join pg_sequence q on q.seqrelid = s.oid
      join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
    where d.refobjid in (${sql.join(tables.map((t) => sql.lit(t.oid)))})`.execute(db);
  return { tables: tables.map((t) => t.name), sequences };
}
