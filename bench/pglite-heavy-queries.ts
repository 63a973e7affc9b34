/**
 * PGlite's speed on heavy queries, to compare a setting that saves memory (open-database.ts's start
 * parameters, a V8 flag) with what it costs: `node bench/pglite-heavy-queries.ts <data folder> [--bills N]` seeds N
 * (100,000) bills into the folder once, as bench/lists-bench.ts seeds them, then, in this process, runs each query
 * BENCH_HEAVY_RUNS (7) times after one warm-up run and prints each one's median wall and CPU milliseconds and its
 * process's peak resident memory. CPU time is the steadier figure on a shared machine. Run it once per setting, V8's
 * (`node --liftoff-only bench/…` against `node bench/…`) or PostgreSQL's (BENCH_PG_SETTINGS="shared_buffers=128MB",
 * after open-database.ts's pgliteSettings), alternating, on the same folder.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { PGlite } from "@electric-sql/pglite";
import { migrateToLatest } from "../server/db/migrations.ts";
import { kyselyOverPglite, pgliteOptions } from "../server/db/open-database.ts";
import { analyzeSeededTables, endUsersFor, seedMerchantLists } from "../server/testing/list-seed.ts";
import { dropSeededIndexes, rebuildIndexes } from "../server/testing/list-seed-indexes.ts";
import { seedApplication, seedMerchant, testServerSecret } from "../server/testing/seed.ts";
import { table } from "./load/summary.ts";
import { benchSeedChain } from "./bench-seed-chain.ts";

process.env.PASSWORD_HASH_COST ??= "test";
const { values, positionals } = parseArgs({ options: { bills: { type: "string" } }, allowPositionals: true });
const dataDir = positionals[0];
if (!dataDir) throw new Error("usage: node bench/pglite-heavy-queries.ts <data folder> [--bills N]");
const bills = Number(values.bills ?? 100_000);
const runs = Number(process.env.BENCH_HEAVY_RUNS ?? 7);
const chain = benchSeedChain;

const settings = (process.env.BENCH_PG_SETTINGS ?? "").split(" ").filter(Boolean);
const startParams = [
  ...(pgliteOptions.startParams ?? PGlite.defaultStartParams),
  ...settings.flatMap((setting) => ["-c", setting]),
];
const db = kyselyOverPglite(await PGlite.create(dataDir, { ...pgliteOptions, startParams }));
await migrateToLatest(db);
const seeded = await sql<{ n: string }>`select count(*) as n from application_bills`.execute(db);
if (Number(seeded.rows[0]?.n) === 0) {
  const { userId } = await seedMerchant(db, { email: "heavy@example.com", password: "Merchant7Pass" });
  for (let i = 1; i <= 4; i++) await seedApplication(db, { userId, name: `Heavy shop ${i}` });
  const dropped = await dropSeededIndexes(db);
  const options = { chain, secret: () => testServerSecret, now: new Date(), analyze: false, connections: 1 };
  await seedMerchantLists(db, userId, { ...options, dropIndexes: false, bills, endUsers: endUsersFor(bills) });
  await rebuildIndexes(db, dropped, 1);
  await analyzeSeededTables(db);
}

const queries: [string, () => Promise<unknown>][] = [
  ["count all bills (seq scan)", () => sql`select count(*) from application_bills`.execute(db)],
  [
    "bills by status and day (hash aggregate)",
    () =>
      sql`select status, date_trunc('day', seen_at), count(*), sum(amount::numeric)
          from application_bills group by 1, 2`.execute(db),
  ],
  [
    "100,000 bills to JavaScript, newest first (sort)",
    () => sql`select * from application_bills order by seen_at desc, id limit 100000`.execute(db),
  ],
  [
    "bills with their transfers (join)",
    () =>
      sql`select count(*), sum(length(t.tx_hash)) from application_bills b
          join chain_transfers t on t.id = b.transfer_id`.execute(db),
  ],
  [
    "2,000 small queries (parse, plan, index lookups)",
    async () => {
      for (let i = 0; i < 2000; i++)
        await sql`select id, status from application_bills where bill_no = ${String(i)} limit 1`.execute(db);
    },
  ],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const rows: string[][] = [];
for (const [name, query] of queries) {
  await query();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await query();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  rows.push([name, median(wall).toFixed(1), median(cpu).toFixed(1)]);
}
await db.destroy();
const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
process.stdout.write(
  `pglite-heavy-queries (${[...process.execArgv, ...settings].join(" ") || "no Node flags, open-database.ts's settings"}): median of ${runs}, peak ${Math.round(Number(hwm) / 1024)} MB\n${table(["query", "wall ms", "CPU ms"], rows)}\n`,
);
