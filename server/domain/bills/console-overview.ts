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
import { fromAtto, usdtText } from "../platform/usdt.ts";

const dayMs = 86_400_000;
const utcDayOf = (time: Date) => time.toISOString().slice(0, 10);
const startOfUtcDay = (time: Date) => new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));

/**
 * The merchant's application bills that count as receipts: credited (on the balance now), of an application (a
 * transfer to the merchant's own payment address is a recharge, in no application's bills). Read through
 * application_bills_by_status (merchant_id, status, seen_at desc, id desc): one merchant's credited bills, by pay time.
 */
const creditedBills = (db: Kysely<DB>, merchantId: string) =>
  db
    .selectFrom("application_bills as b")
    .where("b.merchant_id", "=", merchantId)
    .where("b.status", "=", "credited")
    .where("b.application_id", "is not", null);

/** The grouped query of `receiptsByDay` (its plan is tested: console-overview-plans.test.ts). */
export function receiptsByDayQuery(db: Kysely<DB>, merchantId: string, from: Date, until: Date) {
  const day = sql<string>`to_char(b.seen_at at time zone 'UTC', 'YYYY-MM-DD')`;
  return creditedBills(db, merchantId)
    .select([
      day.as("day"),
      (eb) => eb.fn.sum<string>("b.amount").as("amount"),
      (eb) => eb.fn.countAll<string>().as("count"),
    ])
    .where("b.seen_at", ">=", from)
    .where("b.seen_at", "<", until)
    .groupBy(day);
}

/**
 * Credited receipts per UTC day of pay time, from `from` (a day's start) for `days` days, zero-filled: what
 * Application bills filtered by status "credited" and each day's pay time add up to. One grouped range scan.
 */
export async function receiptsByDay(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  from: Date,
  days: number,
): Promise<ReceiptsOfDay[]> {
  const rows = await receiptsByDayQuery(db, merchantId, from, new Date(from.getTime() + days * dayMs)).execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, i) => {
    const date = utcDayOf(new Date(from.getTime() + i * dayMs));
    const row = byDay.get(date);
    return { date, amount: usdtText(row?.amount ?? "0"), count: Number(row?.count ?? 0) };
  });
}

/** The query of `mainChainAmount`: the merchant's credited bills not collected, summed. */
export const mainChainQuery = (db: Kysely<DB>, merchantId: string) =>
  creditedBills(db, merchantId)
    .select((eb) => eb.fn.sum<string | null>("b.amount").as("amount"))
    .where("b.collection_amount", "is", null);

/** USDT credited to the merchant's deposit addresses and not collected into the treasury yet: still on chain. */
export async function mainChainAmount(db: Kysely<DB>, { merchantId }: MerchantScope): Promise<string> {
  const row = await mainChainQuery(db, merchantId).executeTakeFirstOrThrow();
  return usdtText(row.amount ?? "0");
}

/**
 * The console home's figures (contracts/schemas/console.ts): the package's counts as Package/Current answers them, the
 * balance as Account/Balance does, what is still on chain, today's receipts and the range's trend, ending today (UTC).
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
  const [subscription, balance, mainChain, trend] = await Promise.all([
    subscriptionOf(db, scope, layer, now),
    balanceAtto(db, scope),
    mainChainAmount(db, scope),
    receiptsByDay(db, scope, from, days),
  ]);
  return {
    counts: subscription.usage,
    balance: fromAtto(balance),
    mainChain,
    today: trend.at(-1)!,
    trend: { range, days: trend },
    serverTime: now.toISOString(),
  };
}
