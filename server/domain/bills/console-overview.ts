import { type Kysely, sql } from "kysely";
import {
  type OverviewRange,
  type OverviewResult,
  overviewRangeDays,
  type ReceiptsOfDay,
} from "../../../contracts/schemas/console.ts";
import type { ChainLayer } from "../../chain/chain-layer.ts";
import type { DB } from "../../db/schema.ts";
import { balanceAtto } from "../payments/balance.ts";
import { subscriptionOf } from "../payments/subscriptions.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { fromAtto, usdtText } from "../../../contracts/money.ts";

const dayMs = 86_400_000;
const utcDayOf = (time: Date) => time.toISOString().slice(0, 10);
const startOfUtcDay = (time: Date) => new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));

/**
 * The grouped query of `receiptsByDay`: the merchant's days of the range, as migration 0041's trigger keeps them from
 * its credited application bills (a transfer to the merchant's own payment address is a recharge, in no application's
 * bills), read by the table's key (merchant_id, day) — the range's days, not its bills (console-overview-plans.test.ts).
 */
export function receiptsByDayQuery(db: Kysely<DB>, merchantId: string, from: Date, until: Date) {
  return db
    .selectFrom("merchant_daily_receipts as r")
    .select([sql<string>`to_char(r.day, 'YYYY-MM-DD')`.as("day"), "r.amount", sql<string>`r.bills::text`.as("count")])
    .where("r.merchant_id", "=", merchantId)
    .where("r.day", ">=", utcDayOf(from))
    .where("r.day", "<", utcDayOf(until));
}

/**
 * Credited receipts per UTC day of pay time, from `from` (a day's start) for `days` days, zero-filled: what
 * Application bills filtered by status "credited" and each day's pay time add up to. One read of the range's days.
 */
export async function receiptsByDay(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  from: Date,
  days: number,
): Promise<ReceiptsOfDay[]> {
  const rows = await receiptsByDayQuery(db, merchantId, from, new Date(from.getTime() + days * dayMs)).execute();
  return zeroFilled(rows, from, days);
}

/**
 * The grouped query of `invoicesPaidByDay`: the merchant's invoices paid in the range, by the UTC day they were paid,
 * how many and what they received.
 */
export function invoicesPaidByDayQuery(db: Kysely<DB>, merchantId: string, from: Date, until: Date) {
  return db
    .selectFrom("invoices as i")
    .select([
      sql<string>`to_char(i.paid_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"),
      sql<string>`sum(i.amount_received)::text`.as("amount"),
      sql<string>`count(*)::text`.as("count"),
    ])
    .where("i.merchant_id", "=", merchantId)
    .where("i.status", "=", "paid")
    .where("i.paid_at", ">=", from)
    .where("i.paid_at", "<", until)
    .groupBy(sql`1`);
}

/** Invoices paid per UTC day, from `from` (a day's start) for `days` days, zero-filled: what Invoices lists as paid. */
export async function invoicesPaidByDay(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  from: Date,
  days: number,
): Promise<ReceiptsOfDay[]> {
  const rows = await invoicesPaidByDayQuery(db, merchantId, from, new Date(from.getTime() + days * dayMs)).execute();
  return zeroFilled(rows, from, days);
}

const zeroFilled = (
  rows: ReadonlyArray<{ day: string; amount: string; count: string }>,
  from: Date,
  days: number,
): ReceiptsOfDay[] => {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, i) => {
    const date = utcDayOf(new Date(from.getTime() + i * dayMs));
    const row = byDay.get(date);
    return { date, amount: usdtText(row?.amount ?? "0"), count: Number(row?.count ?? 0) };
  });
};

/** The query of `mainChainAmount`: the merchant's credited bills not collected, as migration 0041's trigger sums them. */
export const mainChainQuery = (db: Kysely<DB>, merchantId: string) =>
  db.selectFrom("merchant_receipts_on_chain as c").select("c.amount").where("c.merchant_id", "=", merchantId);

/** USDT credited to the merchant's deposit addresses and not collected into the treasury yet: still on chain. */
export async function mainChainAmount(db: Kysely<DB>, { merchantId }: MerchantScope): Promise<string> {
  const row = await mainChainQuery(db, merchantId).executeTakeFirst();
  return usdtText(row?.amount ?? "0");
}

/**
 * The console home's figures (contracts/schemas/console.ts): the package's counts as Package/Current answers them, the
 * balance as Account/Balance does, what is still on chain, today's receipts and invoices paid, and the range's trend of
 * both, ending today (UTC).
 */
export async function consoleOverview(
  db: Kysely<DB>,
  scope: MerchantScope,
  layer: ChainLayer | null,
  range: OverviewRange,
  now: Date,
): Promise<OverviewResult> {
  const days = overviewRangeDays[range];
  const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * dayMs);
  const [subscription, balance, mainChain, trend, invoicesPaid] = await Promise.all([
    subscriptionOf(db, scope, layer, now),
    balanceAtto(db, scope),
    mainChainAmount(db, scope),
    receiptsByDay(db, scope, from, days),
    invoicesPaidByDay(db, scope, from, days),
  ]);
  return {
    counts: subscription.usage,
    balance: fromAtto(balance),
    mainChain,
    today: trend.at(-1)!,
    invoicesPaidToday: invoicesPaid.at(-1)!,
    trend: { range, days: trend, invoicesPaid },
    serverTime: now.toISOString(),
  };
}
