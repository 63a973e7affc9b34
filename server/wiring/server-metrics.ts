import type { Kysely } from "kysely";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { ConfiguredChain } from "../chain/chain-layer.ts";
import type { ChainProbeResult } from "../chain/chain-probe.ts";
import type { WatcherLog } from "../chain/listener.ts";
import type { DB } from "../db/schema.ts";
import type { CollectReport } from "../domain/collection/collect.ts";
import type { MetricsScrape } from "../http/metrics-listener.ts";
import { type RequestMetrics, signInCalls } from "../http/request-metrics.ts";
import { type BookFigures, bookFigures, scrapeFigures } from "./metric-figures.ts";
import { bookMetrics, callbackMetrics, chainMetrics } from "./metric-gauges.ts";
import { type Readiness, sharedFor } from "./readiness.ts";

export type CallbackAttemptResult = "delivered" | "retrying" | "failed";

export interface ServerMetrics extends RequestMetrics, MetricsScrape {
  registry: Registry;
  /** Counts each backend that did not answer a fresh probe of the chains' heads. */
  chainProbed(results: readonly ChainProbeResult[]): void;
  /** The watchers' log, counting their failed steps and the transfers they confirm on the way. */
  watcherLog(log: WatcherLog): WatcherLog;
  callbackAttempt(result: CallbackAttemptResult): void;
  collectionRun(report: CollectReport): void;
  /** Reads the books now (reconcile, balance sheets, withdrawals) unless a read is under way; scrapes start it. */
  refreshBooks(): Promise<void>;
}

export interface ServerMetricsOptions {
  db: Kysely<DB>;
  chains: readonly ConfiguredChain[];
  chainHeads: () => Promise<readonly ChainProbeResult[]>;
  readiness: Readiness;
  /** The books are read at most this often (60 s): the reconcile reads every confirmed transfer. */
  booksEveryMs?: number;
  now?: () => number;
}

/**
 * The server's metrics in Prometheus' text format (prom-client), on their own registry. Every label comes from a
 * bounded set: a route's pattern, a status, a configured chain's product, a token's symbol, a currency, a state; never
 * a merchant, an address or a URL. What the database knows is read at scrape time (wiring/metric-figures.ts).
 */
export function createServerMetrics(options: ServerMetricsOptions): ServerMetrics {
  const { db, chains } = options;
  const now = options.now ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const chainOf = (chainId: number) => chains.find((c) => c.chainId === chainId)?.product ?? "other";
  const tokenOf = (chainId: number, token: string) =>
    chains.find((c) => c.chainId === chainId)?.tokens.find((t) => t.address.toLowerCase() === token)?.symbol ?? "other";

  const queryFailures = new Counter({
    name: "mc_metrics_query_failures_total",
    help: "Scrapes or book reads whose database queries failed (their figures are then left out)",
    labelNames: ["figures"],
    registers,
  });
  const figures = sharedFor(1_000, () =>
    scrapeFigures(db).catch((error: unknown) => {
      queryFailures.inc({ figures: "scrape" });
      throw error;
    }),
  );
  const figuresOrNull = () => figures().catch(() => null);
  const headsOrNull = () => options.chainHeads().catch(() => null);

  const requests = new Histogram({
    name: "mc_http_request_duration_seconds",
    help: "HTTP answers by route pattern, method and status, and how long each took",
    labelNames: ["route", "method", "status"],
    registers,
  });
  const signIns = new Counter({
    name: "mc_sign_in_answers_total",
    help: "Answers of the sign-in calls: ok, refused, throttled (429) or busy (503)",
    labelNames: ["call", "outcome"],
    registers,
  });
  for (const call of signInCalls)
    for (const outcome of ["ok", "refused", "throttled", "busy"]) signIns.inc({ call, outcome }, 0);

  new Gauge({
    name: "mc_ready",
    help: "1 while GET /readyz answers 200 (0 while a check fails or the server drains)",
    registers,
    async collect() {
      this.set((await options.readiness.report()).ready ? 1 : 0);
    },
  });
  new Gauge({
    name: "mc_readiness_check_ok",
    help: "1 for each readiness check that answered in time",
    labelNames: ["check"],
    registers,
    async collect() {
      this.reset();
      for (const [check, result] of Object.entries((await options.readiness.report()).checks))
        this.set({ check }, result === "ok" ? 1 : 0);
    },
  });

  const chainGauges = chainMetrics(registers, chainOf, figuresOrNull, headsOrNull);
  const callbacks = callbackMetrics(registers, figuresOrNull);
  const collection = {
    sweeps: new Counter({
      name: "mc_collection_sweeps_total",
      help: "Collection sweeps by what became of them in this instance's runs: sent, confirmed, failed, removed",
      labelNames: ["chain", "outcome"],
      registers,
    }),
    held: new Gauge({
      name: "mc_collection_held_addresses",
      help: "Deposit addresses past the threshold this instance's last run held back (on chain differs from the books)",
      labelNames: ["chain"],
      registers,
    }),
  };

  let books: BookFigures | null = null;
  let booksReadAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;
  const booksEveryMs = options.booksEveryMs ?? 60_000;
  const booksChecked = new Gauge({
    name: "mc_books_checked_timestamp_seconds",
    help: "When the books (reconcile, balance sheets, withdrawals) were last read for these metrics",
    registers,
  });
  const refreshBooks = () => {
    reading ??= bookFigures(db)
      .then(
        (read) => {
          books = read;
          booksChecked.set(now() / 1000);
        },
        () => void queryFailures.inc({ figures: "books" }),
      )
      .finally(() => {
        booksReadAt = now();
        reading = null;
      });
    return reading;
  };
  const currentBooks = () => {
    if (now() - booksReadAt >= booksEveryMs) void refreshBooks();
    return books;
  };
  bookMetrics(registers, currentBooks, chainOf, tokenOf);

  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    request(route, method, status, seconds) {
      requests.observe({ route, method, status: String(status) }, seconds);
    },
    signIn(call, outcome) {
      signIns.inc({ call, outcome });
    },
    chainProbed(results) {
      for (const result of results)
        for (const [backend, head] of result.heads.entries())
          if (head === null) chainGauges.rpcErrors.inc({ chain: result.product, backend: String(backend) });
    },
    watcherLog(log) {
      return {
        info(data, message) {
          const { chainId, event } = data as { chainId?: number; event?: string };
          if (message === "chain transfer" && event === "confirmed" && chainId !== undefined)
            chainGauges.confirmed.inc({ chain: chainOf(Number(chainId)) });
          log.info(data, message);
        },
        warn: (data, message) => log.warn(data, message),
        error(data, message) {
          const { chainId } = data as { chainId?: number };
          if (chainId !== undefined) chainGauges.watcherErrors.inc({ chain: chainOf(Number(chainId)) });
          log.error(data, message);
        },
      };
    },
    callbackAttempt(result) {
      callbacks.attempts.inc({ result });
    },
    collectionRun(report) {
      if (report.busy) return;
      const chain = chainOf(report.chainId);
      for (const outcome of ["sent", "confirmed", "failed", "removed"] as const)
        collection.sweeps.inc({ chain, outcome }, report[outcome]);
      collection.held.set({ chain }, report.held);
    },
    refreshBooks,
  };
}
