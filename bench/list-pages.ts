import type { Kysely } from "kysely";
import type { DB } from "../server/db/schema.ts";
import { explain, type Plan, percentile, recording, timed } from "./list-queries.ts";

/** bench/lists-bench.ts's page figures: a list under one filter, its first and deep pages and capped count timed. */

export interface ListFigure {
  /** The list: Application bills, Transaction callbacks or Transaction records. */
  list: "bills" | "callbacks" | "transactions";
  name: string;
  filter: Record<string, string>;
  p50Ms: number;
  p95Ms: number;
  deepPageP95Ms: number;
  deepPage: number;
  total: number | null;
  totalCapped: boolean;
  countP50Ms: number;
}

/** A page of a list as its route asks for it: the first one, or the one a cursor points at. */
export type PageCall = (
  db: Kysely<DB>,
  cursor?: string,
) => Promise<
  | { ok: true; data: { nextCursor: string | null; total: number | null; totalCapped: boolean } }
  | { ok: false; message: string }
>;

/** One filter: first pages, deep pages, counts, and the plans of the three queries. */
export async function measureList(
  db: Kysely<DB>,
  { runs, deepPage }: { runs: number; deepPage: number },
  list: ListFigure["list"],
  name: string,
  filter: ListFigure["filter"],
  pages: PageCall,
) {
  const first: number[] = [];
  const deep: number[] = [];
  let reached = 1;
  let total: number | null = null;
  let totalCapped = false;
  const recorded = { first: recording(db), deep: recording(db) };
  // Run 0 warms the caches up and records the queries as sent; the runs after it are timed.
  for (let run = 0; run <= runs; run++) {
    const firstDb = run === 0 ? recorded.first.db : db;
    const [firstMs, firstPage] = await timed(() => pages(firstDb));
    let page = firstPage;
    if (!page.ok) throw new Error(`${name}: ${page.message}`);
    ({ total, totalCapped } = page.data);
    let pageNo = 1;
    let lastMs = firstMs;
    while (pageNo < deepPage && page.ok && page.data.nextCursor) {
      const cursor: string = page.data.nextCursor;
      const pageDb = run === 0 && pageNo === deepPage - 1 ? recorded.deep.db : db;
      [lastMs, page] = await timed(() => pages(pageDb, cursor));
      pageNo++;
    }
    if (run === 0) continue;
    first.push(firstMs);
    deep.push(lastMs);
    reached = pageNo;
  }
  const fetch = recorded.first.queries.find((q) => q.sql.includes("keyset_time"))!;
  const counting = recorded.first.queries.find((q) => q.sql.includes("count("))!;
  const counts: number[] = [];
  for (let run = 0; run < runs; run++) counts.push((await timed(() => db.executeQuery(counting)))[0]);
  const plans = [
    await explain(db, `${list}, ${name}: first page`, fetch),
    await explain(db, `${list}, ${name}: capped count`, counting),
  ];
  const deepFetch = recorded.deep.queries.find((q) => q.sql.includes("keyset_time"));
  if (deepFetch) plans.push(await explain(db, `${list}, ${name}: page ${reached}`, deepFetch));
  const figure: ListFigure = {
    list,
    name,
    filter,
    p50Ms: percentile(first, 50),
    p95Ms: percentile(first, 95),
    deepPageP95Ms: percentile(deep, 95),
    deepPage: reached,
    total,
    totalCapped,
    countP50Ms: percentile(counts, 50),
  };
  return { figure, plans: plans as Plan[] };
}
