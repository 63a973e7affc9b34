import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { applyInvoiceEvents, lockInvoice } from "./invoice-life-store.ts";

/** How often the sweep looks for invoices past their time (scheduled with platform/schedule-runs.ts, as orders' is). */
export const invoiceSweepEveryMs = 5_000;
const batch = 200;

const waiting = ["new", "processing"] as const;

/**
 * Tells every waiting invoice past its `expires_at` that its time ran out (`expiry.reached` on the server's clock), each
 * in its own short transaction under the invoice's lock: nothing seen ends it `expired`, too little confirmed ends it
 * `expired` and `underpaid`, money still confirming that could pay it is waited for. Any number of instances may sweep
 * at once: a row told already is skipped. Answers how many were told.
 */
export async function expireOverdueInvoices(db: Kysely<DB>, now: Date): Promise<number> {
  const due = await db
    .selectFrom("invoices")
    .select("id")
    .where("status", "in", waiting)
    .where("expiry_reached_at", "is", null)
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(batch)
    .execute();
  let told = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await lockInvoice(trx, id);
      if (!row || row.expiry_reached_at !== null || !(waiting as readonly string[]).includes(row.status)) return false;
      await applyInvoiceEvents(trx, row, [{ type: "expiry.reached", at: now.toISOString() }], now);
      return true;
    });
    if (done) told++;
  }
  return told;
}
