/**
 * bench/lists-bench.ts's export figure: Application bills' CSV export (bills.ts `exportBills`, as the endpoint calls
 * it) written by the endpoint's CSV writer (server/http/csv-file.ts `csvText`) and read as fast as it comes, with the
 * process's peak memory over what it held before.
 */
import type { Kysely } from "kysely";
import { appBill } from "../contracts/schemas/bills.ts";
import type { DB } from "../server/db/schema.ts";
import type { BillChain } from "../server/domain/bills/bill-wire.ts";
import { exportBills } from "../server/domain/bills/bills.ts";
import type { MerchantScope } from "../server/domain/platform/merchant-scope.ts";
import { csvColumnsOf, csvText } from "../server/http/csv-file.ts";
import { explain, type Plan, recording, timed } from "./list-queries.ts";

const exportRows = 100_000;
const day = 86_400_000;

/**
 * The CSV export of a time range of about 100,000 of the merchant's bills, four times: the first in this process (its
 * memory figure holds what the process grows by once, whatever it serves first: V8's heap sized up, code compiled,
 * pool connections opened) reported on its own, then three more for the figures against the goals — what a server
 * already running takes for one more export.
 */
export async function measureExport(db: Kysely<DB>, scope: MerchantScope, bills: number, chains: readonly BillChain[]) {
  const days = Math.min(90, (90 * exportRows) / bills);
  const middle = Date.now() - 45 * day;
  const filter = {
    startTime: new Date(middle - (days / 2) * day).toISOString(),
    endTime: new Date(middle + (days / 2) * day).toISOString(),
  };
  const columns = csvColumnsOf(appBill);
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
    const download = exportBills(recorded.db, scope, filter, { chains, now: new Date() });
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
      for await (const chunk of csvText(columns, counted)) bytes += (chunk as Buffer).length;
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
  const [first, ...warm] = figures;
  const median = [...warm].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[1]!;
  const peakMemoryOverIdleMB = Math.max(...warm.map((f) => f.peakMemoryOverIdleMB));
  return {
    figure: {
      ...median,
      peakMemoryOverIdleMB,
      firstExportPeakMemoryOverIdleMB: first!.peakMemoryOverIdleMB,
      days: Math.round(days * 10) / 10,
      filter,
    },
    plans,
  };
}
