import type { Kysely, Selectable } from "kysely";
import type { DB, OrdersTable, OrderStatusColumn, PayTypeColumn } from "../../db/schema.ts";
import type { AnyMerchantScope, SystemScope } from "../platform/merchant-scope.ts";
import { closeOrderFunds, creditUpgrade, settlePaidOrder } from "./balance.ts";
import { notifyLive } from "../platform/live-changes.ts";
import { activatePackage } from "./subscriptions.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";

/**
 * The order's state changes, shared by the merchant's calls (orders.ts), the chain listener (order-listener.ts) and
 * the expiry sweep (order-expiry.ts). Every function here takes a transaction and a row it has locked (`for update`),
 * so whoever changes an order holds its row: two racing changes run one after the other, the second one seeing the
 * first's result. Every change raises the order's notification in the same transaction.
 *
 * An order is locked through a scope: the merchant's (by its code, or their open one) or the system's (by its id, the
 * chain listener and the sweep). The changes that write the merchant's other rows (balance, package) take the scope
 * the order was locked for; the ones that touch only the locked order's own rows go by its id.
 */

export type OrderRow = Selectable<OrdersTable>;

export const openStatuses = ["pending", "waiting"] as const satisfies readonly OrderStatusColumn[];
export const isOpen = (status: OrderStatusColumn): boolean => status === "pending" || status === "waiting";

/** The system's (chain listener, sweep): an order it found by a transfer's link or by its expiry, whoever's it is. */
export function lockOrderById(trx: Kysely<DB>, _system: SystemScope, orderId: string): Promise<OrderRow | undefined> {
  return trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirst();
}

export function lockOrderByCode(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  orderCode: string,
): Promise<OrderRow | undefined> {
  return trx
    .selectFrom("orders")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("order_code", "=", orderCode)
    .forUpdate()
    .executeTakeFirst();
}

/** The merchant's one open order (the partial unique index allows no second), locked. */
export function lockOpenOrderOf(trx: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<OrderRow | undefined> {
  return trx
    .selectFrom("orders")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("status", "in", openStatuses)
    .forUpdate()
    .executeTakeFirst();
}

export interface AttachedTransfer {
  transferId: string;
  amount: bigint;
  /**
   * counted: confirmed and counted for the order; seen: still confirming; removed: a reorganisation took it away;
   * uncounted: confirmed, its listener call not yet through (only inside the watcher's transaction).
   */
  state: "counted" | "seen" | "removed" | "uncounted";
}

/** The transfers attached to the order (not those that went to the balance because they confirmed after it closed). */
export async function attachedTransfers(trx: Kysely<DB>, orderId: string): Promise<AttachedTransfer[]> {
  const rows = await trx
    .selectFrom("order_transfers as ot")
    .innerJoin("chain_transfers as ct", "ct.id", "ot.transfer_id")
    .select(["ot.transfer_id", "ot.amount", "ot.counted", "ct.status"])
    .where("ot.order_id", "=", orderId)
    .where("ot.to_balance", "=", false)
    .orderBy("ot.transfer_id")
    .execute();
  return rows.map((r) => ({
    transferId: r.transfer_id,
    amount: toAtto(r.amount),
    state: r.status === "confirmed" ? (r.counted ? "counted" : "uncounted") : r.status,
  }));
}

const sum = (transfers: readonly AttachedTransfer[], ...states: AttachedTransfer["state"][]) =>
  transfers.filter((t) => states.includes(t.state)).reduce((total, t) => total + t.amount, 0n);

export const notify = (trx: Kysely<DB>, order: Pick<OrderRow, "merchant_id" | "order_code">) =>
  notifyLive(trx, "order", order.merchant_id, order.order_code);

/**
 * Cancelled or failed: whatever confirmed for the order (a partial payment), transfer by transfer, and any balance it
 * took go from the order's account to the balance (balance.ts). Transfers still confirming must not exist (the callers check).
 */
export async function closeOrder(
  trx: Kysely<DB>,
  scope: AnyMerchantScope,
  order: OrderRow,
  status: "cancelled" | "failed",
  now: Date,
): Promise<OrderRow> {
  const counted = (await attachedTransfers(trx, order.id)).filter((t) => t.state === "counted");
  await closeOrderFunds(trx, scope, order.id, counted, now);
  const updated = await trx
    .updateTable("orders")
    .set({ status, closed_at: now })
    .where("id", "=", order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await notify(trx, updated);
  return updated;
}

/**
 * How long an order past its window waits for a transfer still confirming. Past it the order fails anyway (a chain
 * taken out of CHAINS would otherwise leave its transfer confirming, and the merchant unable to order, for ever); the
 * transfer still goes to the balance if it ever confirms.
 */
export const confirmingGraceMs = 24 * 3_600_000;

/**
 * Expiry: an open order past its expiresAt with no attached transfer still confirming fails ("confirmation failed"). One
 * with a transfer still confirming waits for it (it was seen in time), at most `confirmingGraceMs`. Answers the order as it is now.
 */
export async function expireIfDue(
  trx: Kysely<DB>,
  scope: AnyMerchantScope,
  order: OrderRow,
  now: Date,
): Promise<OrderRow> {
  if (!isOpen(order.status) || order.expires_at > now) return order;
  const transfers = await attachedTransfers(trx, order.id);
  const waiting = transfers.some((t) => t.state === "seen" || t.state === "uncounted");
  if (waiting && now.getTime() < order.expires_at.getTime() + confirmingGraceMs) return order;
  return closeOrder(trx, scope, order, "failed", now);
}

/**
 * Paid: the package is activated (subscriptions.ts), the order closed as paid, and its account settled (an upgrade's
 * credit into it, revenue, the excess to the balance caused by `completedBy`, the transfer that completed it).
 */
export async function markPaid(
  trx: Kysely<DB>,
  scope: AnyMerchantScope,
  order: OrderRow,
  payType: PayTypeColumn,
  now: Date,
  fromBalance?: string,
  completedBy: string | null = null,
): Promise<OrderRow> {
  // An upgrade's credit pays its part of the price first; revenue then takes the whole price (amount + credit).
  const credit = toAtto(order.credit);
  if (credit > 0n) await creditUpgrade(trx, order.id, credit, now);
  await settlePaidOrder(
    trx,
    scope,
    { id: order.id, amount: fromAtto(toAtto(order.amount) + credit) },
    completedBy,
    now,
  );
  const pkg = await trx.selectFrom("packages").selectAll().where("id", "=", order.package_id).executeTakeFirstOrThrow();
  const packageExpiresAt = await activatePackage(trx, scope, pkg, order.id, now);
  const updated = await trx
    .updateTable("orders")
    .set({
      status: "paid",
      paid_at: now,
      closed_at: now,
      pay_type: payType,
      package_expires_at: packageExpiresAt,
      ...(fromBalance === undefined ? {} : { from_balance: fromBalance }),
    })
    .where("id", "=", order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await notify(trx, updated);
  return updated;
}

/** What is confirmed for an open order (its transfers and balance) and what is still confirming, in atto units. */
export async function orderProgress(
  trx: Kysely<DB>,
  order: OrderRow,
): Promise<{ received: bigint; confirming: bigint; transfers: AttachedTransfer[] }> {
  const transfers = await attachedTransfers(trx, order.id);
  return {
    received: sum(transfers, "counted") + toAtto(order.from_balance),
    confirming: sum(transfers, "seen", "uncounted"),
    transfers,
  };
}

/**
 * A transfer of the open order confirmed (inside the watcher's transaction), its money already in the order's account:
 * it counts now, and the order is paid when counted transfers and balance cover the amount, the excess going to the
 * balance caused by that transfer. Two
 * transfers confirmed in one block are counted one call at a time, so the excess is never counted twice.
 */
export async function countConfirmed(
  trx: Kysely<DB>,
  scope: AnyMerchantScope,
  order: OrderRow,
  transferId: string,
  now: Date,
): Promise<OrderRow> {
  await trx
    .updateTable("order_transfers")
    .set({ counted: true })
    .where("transfer_id", "=", transferId)
    .where("order_id", "=", order.id)
    .execute();
  const { received } = await orderProgress(trx, order);
  const amount = toAtto(order.amount);
  if (received < amount) {
    await notify(trx, order);
    return order;
  }
  return markPaid(trx, scope, order, toAtto(order.from_balance) > 0n ? "mixed" : "chain", now, undefined, transferId);
}

/** Status of an open order from what is attached: waiting while a transfer counts or Finish Pay was pressed, else pending. */
export async function refreshOpenStatus(trx: Kysely<DB>, order: OrderRow): Promise<OrderRow> {
  if (!isOpen(order.status)) return order;
  const transfers = await attachedTransfers(trx, order.id);
  const status =
    transfers.some((t) => t.state !== "removed") || order.finish_pressed_at !== null ? "waiting" : "pending";
  if (status === order.status) return order;
  return trx.updateTable("orders").set({ status }).where("id", "=", order.id).returningAll().executeTakeFirstOrThrow();
}
