import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { expireIfDue, isOpen, lockOrderById, openStatuses } from "./order-state.ts";

/** How often the sweep looks for open orders past their window (scheduled with platform/schedule-runs.ts, so runs never overlap). */
export const orderSweepEveryMs = 5_000;
const batch = 200;

/** The sweep acts as the system: for the merchant of each overdue order it finds (merchant-scope.ts). */
const system = systemScope("order-expiry");

/**
 * Fails every open order past its expiresAt that has no transfer still confirming (order-state.ts expireIfDue), each
 * in its own short transaction under the order's lock: any number of instances may sweep at once. Answers how many failed.
 */
export async function expireOverdueOrders(db: Kysely<DB>, now: Date): Promise<number> {
  const due = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "in", openStatuses)
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(batch)
    .execute();
  let failed = 0;
  for (const { id } of due) {
    const closed = await db.transaction().execute(async (trx) => {
      const order = await lockOrderById(trx, system, id);
      if (!order || !isOpen(order.status)) return false;
      return !isOpen((await expireIfDue(trx, actFor(system, order.merchant_id), order, now)).status);
    });
    if (closed) failed++;
  }
  return failed;
}
