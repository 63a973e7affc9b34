import { expect, it } from "vitest";
import { migratedSnapshot } from "./migrated-snapshot.ts";
import { idleDatabases, leasePglite } from "./pglite-pool.ts";

const snapshot = async () => new Blob([await migratedSnapshot()]);

async function newMerchantId(pglite: Awaited<ReturnType<typeof leasePglite>>): Promise<string> {
  const { rows } = await pglite.query<{ id: string }>(
    "insert into merchants (email, password_hash, nick_name, created_at) values ('pool@example.com', 'x', 'pool', now()) returning id::text",
  );
  return rows[0]!.id;
}

it("lends a used database again only as it was loaded: rows gone, sequences back, session reset", async () => {
  const first = await leasePglite(snapshot);
  expect(await newMerchantId(first)).toBe("100001");
  await first.query("select nextval('order_code_seq')");
  const searchPath = async (pglite: typeof first) =>
    (await pglite.query<{ search_path: string }>("show search_path")).rows[0]!.search_path;
  const loadedPath = await searchPath(first);
  await first.exec("set search_path to pg_catalog");
  const idleBefore = idleDatabases();
  await first.close();
  expect(idleDatabases()).toBe(idleBefore + 1);

  const again = await leasePglite(snapshot);
  expect(idleDatabases()).toBe(idleBefore);
  expect((await again.query<{ n: number }>("select count(*)::int as n from merchants")).rows[0]!.n).toBe(0);
  expect((await again.query<{ n: string }>("select nextval('order_code_seq')::text as n")).rows[0]!.n).toBe("1");
  expect(await searchPath(again)).toBe(loadedPath);
  expect(await newMerchantId(again)).toBe("100001");
  expect((await again.query<{ n: number }>("select count(*)::int as n from packages")).rows[0]!.n).toBeGreaterThan(0);
  await again.close();
  // The first load of the worker's first file compiles PGlite too: a minute, as the cases below have.
}, 60_000);

// One change a test: each closes its database, so each loads another from the snapshot (about a CPU-second); four in
// one test overran its 20 s while npm test's other lane and other work shared the two cores, and on a machine busy
// with other suites one load alone took 17-20 s: each case has a minute.
it.each([
  "create table left_behind (x int)",
  "alter table merchants drop constraint merchants_pkey cascade",
  "update packages set name = name || ' changed'",
  "begin",
])(
  "closes a database a test left changed (%s), instead of lending it",
  async (change) => {
    const lease = await leasePglite(snapshot);
    const idleBefore = idleDatabases();
    await lease.exec(change);
    await lease.close();
    expect(idleDatabases(), change).toBe(idleBefore);
  },
  60_000,
);

it("refuses every call on a closed lease, so a file's late poller never reaches the next file's database", async () => {
  const lease = await leasePglite(snapshot);
  await lease.close();
  expect(lease.closed).toBe(true);
  expect(() => lease.query("select 1")).toThrow("PGlite is closed");
  const next = await leasePglite(snapshot);
  expect(next.closed).toBe(false);
  await next.close();
}, 60_000);
