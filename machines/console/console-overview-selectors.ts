import type { SnapshotFrom } from "xstate";
import type { OverviewRange, ReceiptsOfDay } from "../../contracts/schemas/console.ts";
import { addAmounts } from "../../contracts/money.ts";
import type { Failure } from "../api-failure.ts";
import type { consoleOverviewMachine } from "./console-overview.ts";

type OverviewSnapshot = SnapshotFrom<typeof consoleOverviewMachine>;

/**
 * The figure cards: the account balance, what is still on chain, today's receipts and invoices paid today (kept while
 * they load again).
 */
export type FiguresView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  | {
      kind: "ready";
      refreshing: boolean;
      balance: string;
      mainChain: string;
      today: ReceiptsOfDay;
      invoicesPaidToday: ReceiptsOfDay;
    };

/**
 * The trend of receipts and of invoices paid: one point a day of the range, their totals, and the range the buttons
 * show as chosen.
 */
export interface TrendView {
  /** The range chosen (its button pressed). */
  range: OverviewRange;
  /** The range the days shown are of (the one chosen once it loaded). */
  shown: OverviewRange | null;
  /** Null until a range's figures arrived once. */
  days: ReceiptsOfDay[] | null;
  total: { amount: string; count: number } | null;
  /** The invoices paid each day of the same range, and their total; null with `days`. */
  invoicesPaid: ReceiptsOfDay[] | null;
  invoicesTotal: { amount: string; count: number } | null;
  refreshing: boolean;
}

const totalOf = (days: readonly ReceiptsOfDay[]) => ({
  amount: addAmounts(...days.map((d) => d.amount)),
  count: days.reduce((n, d) => n + d.count, 0),
});

const loadingAgain = (s: OverviewSnapshot) => s.matches({ figures: "loading" });

export function selectFigures(s: OverviewSnapshot): FiguresView {
  const { figures, failure } = s.context;
  if (s.matches({ figures: "failed" })) return { kind: "failed", failure };
  if (!figures) return { kind: "loading" };
  return {
    kind: "ready",
    refreshing: loadingAgain(s),
    balance: figures.balance,
    mainChain: figures.mainChain,
    today: figures.today,
    invoicesPaidToday: figures.invoicesPaidToday,
  };
}

/** The trend as loaded; while another range loads the last one stays, marked as loading. */
export function selectTrend(s: OverviewSnapshot): TrendView {
  const { figures, range } = s.context;
  const days = figures && !s.matches({ figures: "failed" }) ? figures.trend.days : null;
  return {
    range,
    shown: days && figures ? figures.trend.range : null,
    days,
    total: days ? totalOf(days) : null,
    invoicesPaid: days && figures ? figures.trend.invoicesPaid : null,
    invoicesTotal: days && figures ? totalOf(figures.trend.invoicesPaid) : null,
    refreshing: loadingAgain(s),
  };
}

export const selectCanRetry = (s: OverviewSnapshot): boolean => s.can({ type: "overview.retry" });

/** Whether the figures follow the merchant's deposits live; when not, Refresh loads them and follows again. */
export const selectLive = (s: OverviewSnapshot): boolean => s.matches({ feed: "live" });
