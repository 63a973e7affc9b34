/**
 * bench/lists-bench.ts's export figure: Application bills' CSV export (bills.ts `exportBills`, as the endpoint calls
 * it) labelled as the list reads (server/http/export-file.ts `labelled`, in zh-CN) and written by the endpoint's CSV
 * writer (server/http/csv-file.ts `csvText`) and read as fast as it comes, with the
 * process's peak memory over what it held before, and what the database's engine alone spends a row on it
 * (`engineFloor`).
 */
import { type Kysely, sql } from "kysely";
import { billExportTable } from "../contracts/exports/bills.ts";
import type { DB } from "../server/db/schema.ts";
import type { CurrencyRegistry } from "../server/chain/currency-registry.ts";
import { exportBills, filteredBills } from "../server/domain/bills/bills.ts";
import type { MerchantScope } from "../server/domain/platform/merchant-scope.ts";
import { csvText } from "../server/http/csv-file.ts";
import { labelled } from "../server/http/export-file.ts";
import { explain, type Plan, percentile, recording, timed } from "./list-queries.ts";

const exportRows = 100_000;
const day = 86_400_000;

/**
 * The CSV export of a time range of about 100,000 of the merchant's bills, four times: the first in this process (its
 * memory figure holds what the process grows by once, whatever it serves first: V8's heap sized up, code compiled,
 * pool connections opened) reported on its own, then three more for the figures against the goals — what a server
 * already running takes for one more export.
 */
export async function measureExport(db: Kysely<DB>, scope: MerchantScope, bills: number, currencies: CurrencyRegistry) {
  const days = Math.min(90, (90 * exportRows) / bills);
  const middle = Date.now() - 45 * day;
  const filter = {
    startTime: new Date(middle - (days / 2) * day).toISOString(),
    endTime: new Date(middle + (days / 2) * day).toISOString(),
  };
  const figures: {
    rows: number;
    megabytes: number;
    seconds: number;
    rowsPerSecond: number;
    peakMemoryOverIdleMB: number;
  }[] = [];
  let plans: Plan[] = [];
  for (let run = 0; run < 4; run++) {
    const recorded = recording(db);
    const download = exportBills(recorded.db, scope, filter, { currencies, now: new Date() });
    if (!download.ok) throw new Error(download.message);
    let rows = 0;
    let bytes = 0;
    const counted = {
      fileName: download.data.fileName,
      batches: (async function* () {
        for await (const batch of download.data.batches) {
          rows += batch.length;
          yield batch;
        }
      })(),
    };
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const [ms] = await timed(async () => {
      const file = labelled(billExportTable, counted, "zh-CN");
      for await (const chunk of csvText(file.columns, file.download, file.headers)) bytes += (chunk as Buffer).length;
    });
    clearInterval(sampler);
    const seconds = ms / 1000;
    const peakMemoryOverIdleMB = Math.round((Math.max(peak, process.memoryUsage().rss) - idle) / 2 ** 20);
    const megabytes = Math.round(bytes / 2 ** 20);
    figures.push({
      rows,
      megabytes,
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSecond: Math.round(rows / seconds),
      peakMemoryOverIdleMB,
    });
    if (run === 0) {
      // Through a cursor (PostgreSQL): its DECLARE, planned as a cursor is; its FETCHes have no plan of their own.
      const cursor = recorded.queries.find((query) => query.sql.startsWith("declare "));
      const batches = recorded.queries;
      plans = [await explain(db, cursor ? "export: its cursor" : "export: first batch", cursor ?? batches[0]!)];
      if (!cursor && batches.length > 2)
        plans.push(await explain(db, `export: batch ${batches.length >> 1}`, batches[batches.length >> 1]!));
    }
  }
  const engine = await engineFloor(db, scope, filter);
  const [first, ...warm] = figures;
  const median = [...warm].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[1]!;
  const peakMemoryOverIdleMB = Math.max(...warm.map((f) => f.peakMemoryOverIdleMB));
  return {
    figure: {
      ...median,
      peakMemoryOverIdleMB,
      firstExportPeakMemoryOverIdleMB: first!.peakMemoryOverIdleMB,
      engineMicrosPerRow: engine,
      days: Math.round(days * 10) / 10,
      filter,
    },
    plans,
  };
}

/**
 * What the database's engine alone spends a row on the export's rows, none of them sent anywhere: EXPLAIN ANALYZE
 * (timing off) of the export's query over its whole range in one plan, for the rows as the wire is made from them and
 * for their keys alone (the scans and joins that find them), in microseconds a row, the median of three. Without
 * parallel workers, as the export reads (a cursor, or keyset batches). A floor: the export also plans its batches,
 * and sends, reads and writes every row. 100,000 rows/s leaves 10 µs a row for all of it, on two cores.
 */
async function engineFloor(
  db: Kysely<DB>,
  scope: MerchantScope,
  filter: { startTime: string; endTime: string },
): Promise<{ rows: number; keys: number }> {
  const rows = filteredBills(db, scope, filter).orderBy("b.seen_at", "desc").orderBy("b.id", "desc");
  const keys = rows.clearSelect().select(["b.seen_at", "b.id"]);
  const microsPerRow = async (query: typeof rows | typeof keys) => {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
        const explained = await sql<
          Record<string, unknown>
        >`explain (analyze, timing off, format json) ${query}`.execute(trx);
        const cell = Object.values(explained.rows[0] ?? {})[0];
        return (typeof cell === "string" ? JSON.parse(cell) : cell) as [
          { "Execution Time": number; Plan: { "Actual Rows": number } },
        ];
      });
      const [{ "Execution Time": ms, Plan }] = plan;
      runs.push((ms * 1000) / Math.max(1, Plan["Actual Rows"]));
    }
    return percentile(runs, 50);
  };
  return { rows: await microsPerRow(rows), keys: await microsPerRow(keys) };
}
