import * as z from "zod/mini";
import { usdtAmount } from "./fields.ts";

/**
 * The console home's figures (spec "Console home" and "Dashboard figures"): each is what a list adds up to
 * for the same period. Amounts are decimal strings; days are UTC.
 *
 * - counts: applications, currencies accepted (My currencies) and wallets (deposit addresses given out), as the
 *   package's limits count them (POST /api/Package/Current's `usage`);
 * - balance: the merchant's ledger balance (POST /api/Account/Balance);
 * - mainChain: USDT credited to the merchant's deposit addresses that is still on chain, not yet collected into the
 *   treasury (Application bills: credited, collection amount empty);
 * - today and trend: credited application bills by the UTC day they were paid (Application bills filtered by
 *   status "credited" and that day's pay time): their sum and count, one point per day of the range, zero-filled;
 * - invoicesPaidToday and trend.invoicesPaid: the invoices paid on each UTC day (Invoices filtered by status "paid",
 *   by the day they were paid): how many, and what they received, one point per day of the range, zero-filled.
 */
export const overviewRanges = ["week", "month", "quarter"] as const;
export const overviewRange = z.enum(overviewRanges);
export type OverviewRange = z.infer<typeof overviewRange>;
/** The days each range shows, today included. */
export const overviewRangeDays: Record<OverviewRange, number> = { week: 7, month: 30, quarter: 90 };

export const overviewRequest = z.strictObject({ range: overviewRange });
export type OverviewRequest = z.infer<typeof overviewRequest>;

const utcDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
export const receiptsOfDay = z.object({ date: utcDay, amount: usdtAmount, count: z.int() });
export type ReceiptsOfDay = z.infer<typeof receiptsOfDay>;

export const overviewResult = z.object({
  counts: z.object({ applications: z.int(), currencies: z.int(), wallets: z.int() }),
  balance: usdtAmount,
  mainChain: usdtAmount,
  today: receiptsOfDay,
  invoicesPaidToday: receiptsOfDay,
  trend: z.object({ range: overviewRange, days: z.array(receiptsOfDay), invoicesPaid: z.array(receiptsOfDay) }),
  serverTime: z.iso.datetime(),
});
export type OverviewResult = z.infer<typeof overviewResult>;
