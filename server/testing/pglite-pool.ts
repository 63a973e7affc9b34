import { PGlite } from "@electric-sql/pglite";
import { pgliteOptions } from "../db/open-database.ts";

/**
 * Migrated in-memory PGlite databases for the tests of one worker, handed back and lent again instead of loaded anew
 * for every file: loading the migrated snapshot costs about 0.45 CPU-seconds (70 files of test:unit, about 35 s), and
 * putting a used one back as it was costs a few milliseconds. A database is lent again only when it is exactly as
 * loaded once its tables are emptied and its sequences put back: the same schema (tables, columns, constraints,
 * indexes, triggers, functions, types, privileges, settings), the same rows in the tables the migrations filled, the
 * same sequence values, and no session state (DISCARD ALL). Anything else (a schema a test changed, a transaction left
 * open) closes it, and the next file gets a fresh one.
 *
 * What a test holds is a lease: once closed, every call on it fails as on a closed PGlite, so that a poller still
 * running after its file ended can never reach the next file's database.
 */
export async function leasePglite(snapshot: () => Promise<Blob>): Promise<PGlite> {
  let pglite = idle.pop();
  if (!pglite) {
    pglite = await PGlite.create({ ...pgliteOptions, loadDataDir: await snapshot() });
    pristine.set(pglite, await takeStock(pglite));
  }
  return lease(pglite);
}

interface Stock {
  fingerprint: string;
  /** The tables the migrations filled (packages …): compared, never emptied. */
  filled: string[];
  emptyTables: string[];
  sequences: Array<{ name: string; value: string | null; start: string }>;
}

const idle: PGlite[] = [];

/** How many databases wait to be lent again (for the pool's own test). */
export const idleDatabases = () => idle.length;
// Only in a Vitest worker itself, which ends when its run does: an idle PGlite loaded from a data folder keeps a plain
// Node process from exiting, so in a bench (even one a test started, with VITEST in its environment) a lease closes
// its database. Vitest's worker global is the one mark that is not inherited.
const keepsIdle = "__vitest_worker__" in globalThis;
const pristine = new WeakMap<PGlite, Stock>();

function lease(pglite: PGlite): PGlite {
  let closed = false;
  const give = async () => {
    if (closed) return;
    closed = true;
    if (keepsIdle && (await putBack(pglite))) idle.push(pglite);
    else if (!pglite.closed) await pglite.close();
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "close") return give;
      if (property === "closed") return closed || target.closed;
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (closed) throw new Error("PGlite is closed");
        return value.apply(target, args);
      };
    },
  });
}

async function putBack(pglite: PGlite): Promise<boolean> {
  const stock = pristine.get(pglite);
  if (!stock || pglite.closed) return false;
  try {
    await pglite.exec("discard all");
    await pglite.exec(`do $$ begin
      perform set_config('session_replication_role', 'replica', true);
      ${stock.emptyTables.map((t) => `delete from ${t};`).join(" ")}
      ${stock.sequences
        .map(({ name, value, start }) =>
          value === null ? `perform setval('${name}', ${start}, false);` : `perform setval('${name}', ${value}, true);`,
        )
        .join(" ")}
    end $$`);
    return (await fingerprint(pglite, stock)) === stock.fingerprint;
  } catch {
    return false;
  }
}

async function takeStock(pglite: PGlite): Promise<Stock> {
  const { rows: tables } = await pglite.query<{ name: string }>(`
    select c.oid::regclass::text as name from pg_class c
    where c.relkind in ('r', 'p') and c.relnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)`);
  const filled: string[] = [];
  const emptyTables: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pglite.query(`select 1 from ${name} limit 1`);
    (rows.length > 0 ? filled : emptyTables).push(name);
  }
  const { rows: sequences } = await pglite.query<{ name: string; value: string | null; start: string }>(`
    select format('%I.%I', schemaname, sequencename) as name, last_value::text as value, start_value::text as start
    from pg_sequences`);
  const stock = { filled, emptyTables, sequences, fingerprint: "" };
  stock.fingerprint = await fingerprint(pglite, stock);
  return stock;
}

/** Everything a test could leave changed besides rows and sequences, and the rows of the tables the migrations filled. */
async function fingerprint(pglite: PGlite, stock: Pick<Stock, "filled">): Promise<string> {
  const rows = stock.filled.map(
    (t) => `select format('row ${t} %s', md5(coalesce(string_agg(r::text, ',' order by r::text), ''))) from ${t} r`,
  );
  const { rows: found } = await pglite.query<{ digest: string }>(`
    with own(oid) as (
      select c.oid from pg_class c
      where c.relnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)
    )
    select md5(string_agg(item, E'\\n' order by item)) as digest from (
      select format('rel %s %s %s %s %s', c.oid::regclass, c.relkind, c.relpersistence, c.relacl, c.relrowsecurity)
        from pg_class c join own using (oid)
      union all select format('att %s %s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a join own o on o.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum where a.attnum > 0
      union all select format('con %s %s %s %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid), convalidated,
        condeferrable, condeferred) from pg_constraint where connamespace <> 'pg_catalog'::regnamespace
      union all select format('idx %s %s', pg_get_indexdef(indexrelid), indisvalid) from pg_index join own o on o.oid = indrelid
      union all select format('trg %s %s %s %s', tgrelid::regclass, tgname, tgenabled, tgfoid::regprocedure)
        from pg_trigger where not tgisinternal
      union all select format('fn %s %s %s', p.oid::regprocedure, md5(p.prosrc), p.proacl)
        from pg_proc p where p.pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
      union all select format('type %s %s', t.oid::regtype, t.typtype) from pg_type t
        where t.typnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)
      union all select format('enum %s %s %s', enumtypid::regtype, enumlabel, enumsortorder) from pg_enum
      union all select format('ns %s %s', nspname, nspacl) from pg_namespace
      union all select format('role %s %s %s', rolname, rolsuper, rolcanlogin) from pg_roles
      union all select format('setting %s %s %s', setdatabase, setrole, setconfig) from pg_db_role_setting
      union all select format('ext %s %s', extname, extversion) from pg_extension
      union all select format('policy %s %s', polrelid::regclass, polname) from pg_policy
      union all select format('seq %I.%I %s', schemaname, sequencename, last_value) from pg_sequences
      union all select format('db %s %s', datname, datacl) from pg_database
      ${rows.map((q) => `union all ${q}`).join("\n      ")}
    ) items(item)`);
  return found[0]!.digest;
}
