import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { balanceSheets } from "../domain/payments/balance-sheet.ts";
import { reconcile } from "../domain/payments/reconcile.ts";

/**
 * What GET /metrics reads from the database (wiring/server-metrics.ts). `scrapeFigures` runs at every scrape, so each
 * of its queries reads a row per chain or goes through a partial index over rows still in flight (the quarantined
 * transfers, the pending callback deliveries), never a whole table; `bookFigures` reads whole tables (the reconcile,
 * the balance sheets, every withdrawal's state) and is refreshed at most once a minute.
 */
export interface ScrapeFigures {
  cursors: { chainId: number; scanned: bigint; head: bigint | null; ageSeconds: number }[];
  quarantined: { chainId: number; count: number }[];
  callbacks: { pending: number; due: number; oldestDueSeconds: number };
}

export async function scrapeFigures(db: Kysely<DB>): Promise<ScrapeFigures> {
  const [cursors, quarantined, callbacks] = await Promise.all([
    sql<{ chain_id: string; scanned: string; head: string | null; age: number }>`
      select chain_id::text, (next_block - 1)::text as scanned, head_number::text as head,
        extract(epoch from now() - updated_at)::float8 as age
      from chain_cursors`.execute(db),
    sql<{ chain_id: string; count: string }>`
      select chain_id::text, count(*)::text as count from chain_transfers where quarantine is not null
      group by chain_id`.execute(db),
    sql<{ pending: string; due: string; oldest: number | null }>`
      select count(*)::text as pending, count(*) filter (where next_attempt_at <= now())::text as due,
        extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as oldest
      from callback_deliveries where status = 'pending'`.execute(db),
  ]);
  const queue = callbacks.rows[0];
  return {
    cursors: cursors.rows.map((r) => ({
      chainId: Number(r.chain_id),
      scanned: BigInt(r.scanned),
      head: r.head === null ? null : BigInt(r.head),
      ageSeconds: Number(r.age),
    })),
    quarantined: quarantined.rows.map((r) => ({ chainId: Number(r.chain_id), count: Number(r.count) })),
    callbacks: {
      pending: Number(queue?.pending ?? 0),
      due: Number(queue?.due ?? 0),
      oldestDueSeconds: Number(queue?.oldest ?? 0),
    },
  };
}

export interface BookFigures {
  /** Per chain and token (its address, lower-case): credited − received in USDT, null when it cannot be valued. */
  reconcile: { chainId: number; token: string; difference: number | null; ok: boolean }[];
  /** Per currency, from the accounts' balances (payments/balance-sheet.ts). */
  sheets: { currency: string; inTreasury: number; owedToMerchants: number; difference: number }[];
  withdrawals: { state: string; count: number }[];
}

export async function bookFigures(db: Kysely<DB>): Promise<BookFigures> {
  const rows = await reconcile(db);
  const sheets = await balanceSheets(db);
  const withdrawals = await sql<{ status: string; count: string }>`
    select status, count(*)::text as count from withdrawals group by status`.execute(db);
  return {
    reconcile: rows.map((r) => ({
      chainId: Number(r.chainId),
      token: r.token.toLowerCase(),
      difference: r.difference === null ? null : Number(r.difference),
      ok: r.ok,
    })),
    sheets: sheets.map((s) => ({
      currency: s.currency,
      inTreasury: Number(s.inTreasury),
      // What merchants may take out or have on the way out: available, held by withdrawals, in open orders, less debts.
      owedToMerchants:
        Number(s.available) + Number(s.heldByWithdrawals) + Number(s.inOpenOrders) - Number(s.owedByMerchants),
      difference: Number(s.difference),
    })),
    withdrawals: withdrawals.rows.map((r) => ({ state: r.status, count: Number(r.count) })),
  };
}
