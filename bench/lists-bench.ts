/**
 * Application bills at a million rows and the console home over them (bench/console-home.ts), on
 * PGlite and, when TEST_DATABASE_URL or BENCH_DATABASE_URL (an empty database of yours) is set, on PostgreSQL (`npm run
 * bench:lists` runs it under scripts/with-postgres.mjs). Prints the figures and the plans, writes
 * reports/lists-bench.json, asserts nothing. Goals on a 2-core machine: first and deep page p95 ≤ 50 ms for every
 * filter, the export ≥ 100,000 rows/s with peak memory within 50 MB of idle, the console home ≤ 300 ms.
 *
 * Per database, a fresh one (PGlite in a data folder on disk, as `npm start` keeps it): one merchant with four
 * applications gets `--bills` (1,000,000) bills and ten other merchants a hundredth as many each, as noise, seeded as
 * `npm run seed` seeds them (server/testing/list-seed.ts), a tenth at a time with the noise between. On PGlite a
 * seeding that would pass BENCH_SEED_BUDGET_S (300 s) stops at the last tenth that fits, and the output says so.
 *
 * Then, through the same domain functions the endpoints call (bills.ts `listBills`, `exportBills`; no HTTP), each
 * BENCH_LIST_RUNS (9) times: the first page (10 rows) with its capped total, page 50 reached by following the cursors,
 * and the capped count alone, for no filter and for each filter; four times the CSV export of a time range of about
 * 100,000 rows (the first in the process reported apart: bench/list-export.ts), written by the endpoint's CSV writer
 * (server/http/csv-file.ts `csvText`), in rows/s and peak memory over idle (the process's RSS, which holds PGlite too).
 * Each query is recorded as sent and EXPLAIN ANALYZEd once: the plans are printed and stored, with whether any reads
 * application_bills (or chain_transfers) whole. The figures measured: docs/benchmarks.md, `npm run bench:lists`.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import type { BillListRequest } from "../contracts/schemas/bills.ts";
import { currencyRegistry } from "../server/chain/currency-registry.ts";
import { openDatabase } from "../server/db/open-database.ts";
import type { DB } from "../server/db/schema.ts";
import type { CallbackListRequest } from "../contracts/schemas/callbacks.ts";
import { defaultBillPageSize, listBills } from "../server/domain/bills/bills.ts";
import { listCallbacks } from "../server/domain/callbacks/callback-log.ts";
import type { TransactionListRequest } from "../contracts/schemas/transactions.ts";
import { listTransactions } from "../server/domain/payments/transaction-records.ts";
import { findSession } from "../server/domain/identity/sessions.ts";
import type { MerchantScope } from "../server/domain/platform/merchant-scope.ts";
import { analyzeSeededTables, endUsersFor, seedMerchantLists } from "../server/testing/list-seed.ts";
import { dropSeededIndexes, rebuildIndexes } from "../server/testing/list-seed-indexes.ts";
import { seedApplication, seedMerchant, seedSession, testServerSecret } from "../server/testing/seed.ts";
import { configuredChain } from "../server/testing/stub-chain.ts";
import { createTestDatabase } from "../server/testing/test-database.ts";
import { consoleHomeLine, measureConsoleHome } from "./console-home.ts";
import { measureExport } from "./list-export.ts";
import { type ListFigure, measureList, type PageCall } from "./list-pages.ts";
import type { Plan } from "./list-queries.ts";
import { table } from "./load/summary.ts";
import { benchSeedChain } from "./bench-seed-chain.ts";

process.env.PASSWORD_HASH_COST ??= "test";
const { values } = parseArgs({ options: { bills: { type: "string" }, database: { type: "string" } } });
const target = Number(values.bills ?? 1_000_000);
if (!Number.isInteger(target) || target < 1_000) throw new Error("--bills takes a whole number of at least 1,000");
const runs = Math.max(3, Number(process.env.BENCH_LIST_RUNS ?? 9));
const seedBudgetMs = Number(process.env.BENCH_SEED_BUDGET_S ?? 300) * 1000;
const noiseMerchants = 10;
const pageSize = defaultBillPageSize;
const deepPage = 50;
const day = 86_400_000;
const chain = benchSeedChain;
const settings = {
  currencies: currencyRegistry([configuredChain("Devnet", chain.chainId)]),
  secret: testServerSecret,
};
const count = (n: number) => n.toLocaleString("en-US");

interface Seeded {
  seller: string;
  bills: number;
  noiseBills: number;
  seedSeconds: number;
  note: string | null;
}

/** The merchant (four applications) and the noise, a tenth at a time; on PGlite, within the seeding budget. */
async function seedAll(db: Kysely<DB>, database: string, budgeted: boolean): Promise<Seeded> {
  const { userId: seller } = await seedMerchant(db, { email: "lists-bench@example.com", password: "Merchant7Pass" });
  for (let i = 1; i <= 4; i++) await seedApplication(db, { userId: seller, name: `Bench shop ${i}` });
  const now = new Date();
  const tenth = Math.ceil(target / 10);
  const started = performance.now();
  let bills = 0;
  let noiseBills = 0;
  let note: string | null = null;
  // A connection per core on PostgreSQL (PGlite has one); list-seed-indexes.ts's indexes made once, after all seeds.
  const connections = budgeted ? 1 : availableParallelism();
  const dropped = await dropSeededIndexes(db);
  for (let part = 0; part < 10 && bills < target; part++) {
    const options = { chain, secret: () => testServerSecret, now, analyze: false, connections, dropIndexes: false };
    const n = Math.min(tenth, target - bills);
    await seedMerchantLists(db, seller, { ...options, bills: n, endUsers: endUsersFor(target) });
    const { userId: other } = await seedMerchant(db, { email: `noise-${part}@example.com`, password: "Merchant7Pass" });
    await seedMerchantLists(db, other, { ...options, bills: Math.ceil(target / 100) });
    bills += n;
    noiseBills += Math.ceil(target / 100);
    const elapsed = performance.now() - started;
    process.stdout.write(`  ${database}: ${count(bills)} bills seeded (${(elapsed / 1000).toFixed(0)} s)\n`);
    if (budgeted && bills < target && elapsed + elapsed / (part + 1) > seedBudgetMs) {
      note = `${count(bills)} bills, not ${count(target)}: the rest would take past the ${seedBudgetMs / 1000} s seeding budget (${Math.round(((elapsed / bills) * target) / 1000)} s in all)`;
      break;
    }
  }
  await rebuildIndexes(db, dropped, connections);
  await analyzeSeededTables(db);
  return { seller, bills, noiseBills, seedSeconds: Math.round((performance.now() - started) / 1000), note };
}

/** A merchant's scope as a request gets it: from a signed-in session (sessions.ts findSession). */
async function signedIn(db: Kysely<DB>, merchantId: string): Promise<MerchantScope> {
  const token = randomBytes(32).toString("base64url");
  await seedSession(db, { userId: merchantId, token });
  const session = await findSession(db, `Bearer ${token}`, new Date(), {
    idleSeconds: 86_400,
    absoluteSeconds: 86_400,
  });
  if (!session) throw new Error("the bench's session was not found");
  return session.scope;
}

const billPages =
  (scope: MerchantScope, filter: ListFigure["filter"]): PageCall =>
  (db, cursor) =>
    listBills(db, scope, { ...(filter as Omit<BillListRequest, "cursor">), pageSize, cursor }, settings);
const callbackPages =
  (scope: MerchantScope, filter: ListFigure["filter"]): PageCall =>
  (db, cursor) =>
    listCallbacks(
      db,
      scope,
      { ...(filter as Omit<CallbackListRequest, "cursor">), pageSize, cursor },
      testServerSecret,
    );
const transactionPages =
  (scope: MerchantScope, filter: ListFigure["filter"]): PageCall =>
  (db, cursor) =>
    listTransactions(db, scope, { ...(filter as Omit<TransactionListRequest, "cursor">), pageSize, cursor }, settings);

async function bench(database: string, db: Kysely<DB>, budgeted: boolean) {
  const seeded = await seedAll(db, database, budgeted);
  const scope = await signedIn(db, seeded.seller);
  const apps = await db
    .selectFrom("applications")
    .select("app_code")
    .where("merchant_id", "=", seeded.seller)
    .orderBy("id")
    .execute();
  const middle = await db
    .selectFrom("application_bills as b")
    .innerJoin("chain_transfers as ct", "ct.id", "b.transfer_id")
    .select(["ct.tx_hash", "ct.from_address", "ct.to_address"])
    .where("b.merchant_id", "=", seeded.seller)
    .where("b.id", ">=", sql<string>`(select (min(id) + max(id)) / 2 from application_bills)`)
    .orderBy("b.id")
    .limit(1)
    .executeTakeFirstOrThrow();
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
  const cases: [string, ListFigure["filter"]][] = [
    ["no filter", {}],
    ["application", { appCode: apps[1]!.app_code }],
    ["status", { status: "dropped" }],
    ["notice status", { noticeStatus: "failed" }],
    ["time range", { startTime: at(40), endTime: at(33) }],
    ["tx hash", { txHash: middle.tx_hash }],
    ["address (deposit)", { address: middle.to_address }],
    ["address (sender)", { address: middle.from_address }],
  ];
  const middleAttempt = await db
    .selectFrom("callback_attempts as at")
    .innerJoin("callback_deliveries as d", "d.id", "at.delivery_id")
    .innerJoin("application_bills as b", "b.id", "d.bill_id")
    .select("b.bill_no")
    .where("at.merchant_id", "=", seeded.seller)
    .where("at.succeeded", "=", false)
    .where("at.id", ">=", sql<string>`(select (min(id) + max(id)) / 2 from callback_attempts)`)
    .orderBy("at.id")
    .limit(1)
    .executeTakeFirstOrThrow();
  const callbackCases: [string, ListFigure["filter"]][] = [
    ["no filter", {}],
    ["application", { appCode: apps[1]!.app_code }],
    ["result", { result: "failed" }],
    ["time range", { startTime: at(40), endTime: at(33) }],
    ["bill", { billNo: middleAttempt.bill_no }],
  ];
  // Transaction records: a line of the merchant's balance for every credited deposit and every reversal.
  const transactionCases: [string, ListFigure["filter"]][] = [
    ["no filter", {}],
    ["kind", { kind: "reorg" }],
    ["time range", { startTime: at(40), endTime: at(33) }],
    ["tx hash", { txHash: middle.tx_hash }],
  ];
  const lists: ListFigure[] = [];
  const plans: Plan[] = [];
  for (const [name, filter] of cases) {
    const measured = await measureList(db, { runs, deepPage }, "bills", name, filter, billPages(scope, filter));
    lists.push(measured.figure);
    plans.push(...measured.plans);
  }
  for (const [name, filter] of callbackCases) {
    const measured = await measureList(db, { runs, deepPage }, "callbacks", name, filter, callbackPages(scope, filter));
    lists.push(measured.figure);
    plans.push(...measured.plans);
  }
  for (const [name, filter] of transactionCases) {
    const measured = await measureList(
      db,
      { runs, deepPage },
      "transactions",
      name,
      filter,
      transactionPages(scope, filter),
    );
    lists.push(measured.figure);
    plans.push(...measured.plans);
  }
  const exported = await measureExport(db, scope, seeded.bills, settings.currencies);
  plans.push(...exported.plans);
  const consoleHome = await measureConsoleHome(db, scope, runs, plans);
  const seqScans = plans.flatMap((p) => p.seqScans.map((table) => `${table} (${p.query})`));
  for (const plan of plans) process.stdout.write(`\n--- ${database}, ${plan.query}\n${plan.plan}\n`);
  const filterText = (filter: object) =>
    Object.entries(filter)
      .map(([key, value]) => `${key}=${String(value).length > 14 ? `${String(value).slice(0, 12)}…` : value}`)
      .join(" ") || "—";
  process.stdout.write(
    `\nlists-bench, ${database}: ${count(seeded.bills)} bills of one merchant, ${count(seeded.noiseBills)} of ${noiseMerchants} others as noise, seeded in ${seeded.seedSeconds} s; pages of ${pageSize}, ${runs} runs each (goal: p95 ≤ 50 ms)\n` +
      (seeded.note ? `NOTE: ${database} has ${seeded.note}\n` : "") +
      `${table(
        ["list", "filter", "first p50 ms", "first p95 ms", "deep page", "deep p95 ms", "total", "count p50 ms"],
        lists.map((l) => [
          `${l.list}: ${l.name}`,
          filterText(l.filter),
          ...[l.p50Ms, l.p95Ms, l.deepPage, l.deepPageP95Ms].map(String),
          `${count(l.total ?? 0)}${l.totalCapped ? "+" : ""}`,
          String(l.countP50Ms),
        ]),
        2,
      )}\n` +
      `export of ${exported.figure.days} days: ${count(exported.figure.rows)} rows (${exported.figure.megabytes} MB of CSV) in ${exported.figure.seconds} s, ${count(exported.figure.rowsPerSecond)} rows/s (median of 3; goal ≥ 100,000), peak memory ${exported.figure.peakMemoryOverIdleMB} MB over idle (goal ≤ 50; the process's first export: ${exported.figure.firstExportPeakMemoryOverIdleMB} MB, growth it makes once); the engine alone, before a row is sent: ${exported.figure.engineMicrosPerRow.rows} µs a row, ${exported.figure.engineMicrosPerRow.keys} µs for the keys alone (EXPLAIN ANALYZE, timing off, no parallel workers; 100,000 rows/s is 10 µs a row for everything)\n` +
      consoleHomeLine(consoleHome) +
      `sequential scans: ${seqScans.filter((s) => s.startsWith("application_bills ")).join(", ") || "none on application_bills"}; ${seqScans.filter((s) => !s.startsWith("application_bills ")).join(", ") || "none elsewhere"}\n`,
  );
  return {
    bills: seeded.bills,
    database,
    requestedBills: target,
    note: seeded.note,
    noise: { merchants: noiseMerchants, bills: seeded.noiseBills },
    seedSeconds: seeded.seedSeconds,
    pageSize,
    runs,
    lists,
    export: exported.figure,
    consoleHome,
    seqScanOnBills: seqScans.some((s) => s.startsWith("application_bills ")),
    seqScans,
    plans,
  };
}

const results: Awaited<ReturnType<typeof bench>>[] = [];
const only = values.database?.toLowerCase();
if (!only || only === "pglite") {
  const dataDir = mkdtempSync(join(tmpdir(), "lists-bench-"));
  try {
    const opened = await openDatabase({ dataDir });
    try {
      results.push(await bench("PGlite", opened.db, true));
    } finally {
      await opened.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if ((!only || only === "postgresql") && serverUrl) {
  const opened = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL })
    : await createTestDatabase();
  try {
    results.push(await bench("PostgreSQL", opened.db, false));
  } finally {
    await opened.close();
  }
} else if (!only || only === "postgresql") {
  process.stdout.write(
    "PostgreSQL skipped: run it as npm run bench:lists (scripts/with-postgres.mjs), or set BENCH_DATABASE_URL\n",
  );
}
const reports = join(import.meta.dirname, "..", "reports");
mkdirSync(reports, { recursive: true });
writeFileSync(join(reports, "lists-bench.json"), `${JSON.stringify(results, null, 2)}\n`);
