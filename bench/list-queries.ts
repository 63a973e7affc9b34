/**
 * What bench/lists-bench.ts measures with: a Kysely that records every query it runs as sent, EXPLAIN ANALYZE of a
 * recorded query (its plan and the tables it reads whole), and the figures it prints.
 */
import { CompiledQuery, type Kysely, type KyselyPlugin, PostgresQueryCompiler } from "kysely";
import type { DB } from "../server/db/schema.ts";

/** `db` with a recorder: every query run through it, compiled as the driver gets it, lands in `queries`. */
export function recording(db: Kysely<DB>): { db: Kysely<DB>; queries: CompiledQuery[] } {
  const compiler = new PostgresQueryCompiler();
  const queries: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      queries.push(compiler.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(recorder), queries };
}

export interface Plan {
  query: string;
  plan: string;
  /** The tables the plan reads whole (`Seq Scan on …`). */
  seqScans: string[];
}

/** EXPLAIN ANALYZE of a recorded query (each is a page, a capped count or an export batch: cheap to run once more). */
export async function explain(db: Kysely<DB>, label: string, query: CompiledQuery): Promise<Plan> {
  const result = await db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`explain (analyze) ${query.sql}`, [...query.parameters]),
  );
  const plan = result.rows.map((row) => Object.values(row).join(" ")).join("\n");
  return { query: label, plan, seqScans: [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!) };
}

/** What `run` answered, and the milliseconds it took. */
export async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await run();
  return [performance.now() - started, value];
}

/** The nearest-rank percentile `p` (0–100) of `values`, to a tenth of a millisecond. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  return Math.round(at * 10) / 10;
}
