import type { Kysely } from "kysely";
import { type OverviewRange, overviewRanges } from "../contracts/schemas/console.ts";
import type { DB } from "../server/db/schema.ts";
import { consoleOverview, mainChainQuery, receiptsByDayQuery } from "../server/domain/bills/console-overview.ts";
import type { MerchantScope } from "../server/domain/platform/merchant-scope.ts";
import { explain, type Plan, percentile, timed } from "./list-queries.ts";

/**
 * bench/lists-bench.ts's console home figure: `POST /api/Console/Overview` for each trend range, as its route
 * calls it (console-overview.ts, no HTTP), on the lists' seed: the counts, the balance, the main-chain amount and the
 * range's receipts by day. Goal on a 2-core machine with 1,000,000 bills: ≤ 300 ms on both databases.
 */
export interface ConsoleHomeFigure {
  range: OverviewRange;
  p50Ms: number;
  p95Ms: number;
}

/** Each range's p50 and p95 over `runs` calls, the plans of its two reads added to `plans`. */
export async function measureConsoleHome(
  db: Kysely<DB>,
  scope: MerchantScope,
  runs: number,
  plans: Plan[],
): Promise<ConsoleHomeFigure[]> {
  const figures: ConsoleHomeFigure[] = [];
  for (const range of overviewRanges) {
    const times: number[] = [];
    // Run 0 warms the caches up; the runs after it are timed.
    for (let run = 0; run <= runs; run++) {
      const [ms] = await timed(() => consoleOverview(db, scope, null, range, new Date()));
      if (run > 0) times.push(ms);
    }
    figures.push({ range, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) });
  }
  const now = new Date();
  const quarter = new Date(now.getTime() - 90 * 86_400_000);
  const trend = receiptsByDayQuery(db, scope.merchantId, quarter, now).compile();
  plans.push(await explain(db, "console home: receipts by day, three months", trend));
  plans.push(await explain(db, "console home: main-chain amount", mainChainQuery(db, scope.merchantId).compile()));
  return figures;
}

/** The figures as the bench prints them. */
export const consoleHomeLine = (figures: readonly ConsoleHomeFigure[]) =>
  `console home (Console/Overview), ${figures.map((f) => `${f.range} p50 ${f.p50Ms} / p95 ${f.p95Ms} ms`).join(", ")} (goal ≤ 300 ms)\n`;
