import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { Order, OrderDetail } from "../../../contracts/schemas/orders.ts";
import type { DB } from "../../db/schema.ts";
import { balanceAtto, debitOrderPayment } from "./balance.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import {
  closeOrder,
  expireIfDue,
  isOpen,
  lockOpenOrderOf,
  lockOrderByCode,
  markPaid,
  notify,
  openStatuses,
  type OrderRow,
  orderProgress,
} from "./order-state.ts";
import { toWireOrder, toWireOrderDetail, type WireOrderRow, wireOrderQuery } from "./order-wire.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { findPackage } from "./packages.ts";
import { trialAvailable } from "./subscriptions.ts";
import { quoteUpgrade, upgradeMessages } from "./upgrade-credit.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";
import { transactRetrying } from "../platform/retry-conflicts.ts";
import { nextDayNumber } from "../platform/day-numbers.ts";

export { toWireOrder, toWireOrderDetail } from "./order-wire.ts";

/** How long a new order waits for its payment by default (contracts' orderPayMinutes). */
export const defaultOrderPaySeconds = 30 * 60;

export const orderMessages = {
  packageNotFound: "No such package",
  orderNotFound: "No such order",
  orderClosed: "This order is already paid, cancelled or failed",
  orderOpenExists: "You have an open order: pay or cancel it first",
  trialUsed: "The free trial is only available once, before any other package",
  packageDowngrade: upgradeMessages.packageDowngrade,
  balanceInsufficient: "The balance does not cover what is left to pay",
  orderConfirming: "A payment for this order is still confirming",
} as const;

async function wireRow(db: Kysely<DB>, scope: MerchantScope, orderCode: string): Promise<WireOrderRow | undefined> {
  return wireOrderQuery(db, scope).where("o.order_code", "=", orderCode).executeTakeFirst();
}

async function wireOrder(db: Kysely<DB>, scope: MerchantScope, order: OrderRow, now: Date): Promise<Order> {
  const row = await wireRow(db, scope, order.order_code);
  if (!row) throw new Error(`order ${order.order_code} vanished`);
  return toWireOrder(row, now);
}

/**
 * Expiry on read: when the merchant's open order (or the one named) is past its expiresAt, the expiry is applied now
 * rather than at the sweep's next run, so what a merchant reads is never stale. Costs one indexed read otherwise.
 */
export async function applyDueExpiry(db: Kysely<DB>, scope: MerchantScope, now: Date): Promise<void> {
  const due = await db
    .selectFrom("orders")
    .select("id")
    .where("merchant_id", "=", scope.merchantId)
    .where("status", "in", openStatuses)
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  if (!due) return;
  await transactRetrying(db, async (trx) => {
    const open = await lockOpenOrderOf(trx, scope);
    if (open) await expireIfDue(trx, scope, open, now);
  });
}

export interface CreateOrderSettings {
  now: Date;
  /** The payment window (ORDER_PAY_SECONDS on a test server, 30 minutes otherwise). */
  paySeconds: number;
}

/**
 * A new order for a package, at the package's price less the credit for the current package's unused part (an
 * upgrade, upgrade-credit.ts); a lower package while the current one runs is refused (2210). One open order per merchant (2204; the partial unique index
 * `orders_one_open` decides when two calls race). A trial is paid at once (payType free), once per merchant and only
 * before any other package (2205; `orders_one_trial` decides races).
 */
export async function createOrder(
  db: Kysely<DB>,
  scope: MerchantScope,
  packageId: string,
  settings: CreateOrderSettings,
): Promise<Outcome<Order>> {
  const { now } = settings;
  const { merchantId } = scope;
  return transactRetrying(db, async (trx) => {
    const pkg = await findPackage(trx, packageId);
    if (!pkg) return fail(errCodes.packageNotFound, orderMessages.packageNotFound);
    const open = await lockOpenOrderOf(trx, scope);
    // An open order past its window no longer blocks a new one: its expiry is applied first (and kept).
    const stillOpen = open ? isOpen((await expireIfDue(trx, scope, open, now)).status) : false;
    const trial = pkg.kind === "trial";
    if (trial && !(await trialAvailable(trx, scope))) return fail(errCodes.trialUsed, orderMessages.trialUsed);
    if (stillOpen) return fail(errCodes.orderOpenExists, orderMessages.orderOpenExists);
    // A higher package credits the current one's unused part; a lower one while it runs is refused (upgrade-credit.ts).
    const quote = await quoteUpgrade(trx, scope, pkg, now);
    if (!quote.ok) return quote;
    const { upgrade, credit, creditOrderId } = quote.data;
    const inserted = await trx
      .insertInto("orders")
      .values({
        order_code: await nextDayNumber(trx, "order_code_seq", 10, now),
        merchant_id: merchantId,
        package_id: pkg.id,
        amount: fromAtto(toAtto(pkg.price) - credit),
        credit: fromAtto(credit),
        credit_order_id: creditOrderId,
        status: "pending",
        upgrade,
        trial,
        created_at: now,
        expires_at: new Date(now.getTime() + (trial ? 0 : settings.paySeconds * 1000)),
      })
      // A racing call's order got in first (open order, or trial): nothing is written, and the answer says why.
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      return trial && !(await trialAvailable(trx, scope))
        ? fail(errCodes.trialUsed, orderMessages.trialUsed)
        : fail(errCodes.orderOpenExists, orderMessages.orderOpenExists);
    }
    const order = trial || toAtto(pkg.price) === 0n ? await markPaid(trx, scope, inserted, "free", now) : inserted;
    if (order === inserted) await notify(trx, order);
    return ok(await wireOrder(trx, scope, order, now));
  });
}

/**
 * The order as the wire shows it, or null when the merchant has no order of that code (another merchant's code
 * included). Expiry is applied first. The event stream (http/order-events.ts) answers exactly this.
 */
export async function orderForWire(
  db: Kysely<DB>,
  scope: MerchantScope,
  orderCode: string,
  now: Date = new Date(),
): Promise<Order | null> {
  await applyDueExpiry(db, scope, now);
  const row = await wireRow(db, scope, orderCode);
  return row ? toWireOrder(row, now) : null;
}

export async function orderDetail(
  db: Kysely<DB>,
  scope: MerchantScope,
  orderCode: string,
  now: Date,
): Promise<Outcome<OrderDetail>> {
  await applyDueExpiry(db, scope, now);
  const row = await wireRow(db, scope, orderCode);
  if (!row) return fail(errCodes.orderNotFound, orderMessages.orderNotFound);
  return ok(await toWireOrderDetail(db, row, now));
}

/**
 * Runs `change` on the merchant's order of that code, locked, its expiry applied first; unknown → 2202, closed → 2203.
 * Another merchant's code is unknown: its row is never read.
 */
function withOpenOrder(
  db: Kysely<DB>,
  scope: MerchantScope,
  orderCode: string,
  now: Date,
  change: (trx: Kysely<DB>, order: OrderRow) => Promise<Outcome<OrderRow>>,
): Promise<Outcome<Order>> {
  return transactRetrying(db, async (trx) => {
    const locked = await lockOrderByCode(trx, scope, orderCode);
    if (!locked) return fail(errCodes.orderNotFound, orderMessages.orderNotFound);
    const order = await expireIfDue(trx, scope, locked, now);
    if (!isOpen(order.status)) return fail(errCodes.orderClosed, orderMessages.orderClosed);
    const changed = await change(trx, order);
    return changed.ok ? ok(await wireOrder(trx, scope, changed.data, now)) : changed;
  });
}

/** "I have paid": pending → waiting (checking). Already waiting: unchanged. Two racing calls give one result. */
export function finishPay(db: Kysely<DB>, scope: MerchantScope, orderCode: string, now: Date): Promise<Outcome<Order>> {
  return withOpenOrder(db, scope, orderCode, now, async (trx, order) => {
    if (order.status === "waiting" && order.finish_pressed_at !== null) return ok(order);
    const updated = await trx
      .updateTable("orders")
      .set({ status: "waiting", finish_pressed_at: order.finish_pressed_at ?? now })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (order.status !== "waiting") await notify(trx, updated);
    return ok(updated);
  });
}

/** Cancel: only while nothing confirms for it (2209); what confirmed already goes to the balance. */
export function cancelOrder(
  db: Kysely<DB>,
  scope: MerchantScope,
  orderCode: string,
  now: Date,
): Promise<Outcome<Order>> {
  return withOpenOrder(db, scope, orderCode, now, async (trx, order) => {
    const { confirming } = await orderProgress(trx, order);
    if (confirming > 0n) return fail(errCodes.orderConfirming, orderMessages.orderConfirming);
    return ok(await closeOrder(trx, scope, order, "cancelled", now));
  });
}

/**
 * Pays what is left of the order from the balance, which must cover all of it (2206); paid at once, payType balance
 * (mixed when transfers counted too). The order's row lock and the once-per-order debit make racing calls pay once.
 */
export function payFromBalance(
  db: Kysely<DB>,
  scope: MerchantScope,
  orderCode: string,
  now: Date,
): Promise<Outcome<Order>> {
  return withOpenOrder(db, scope, orderCode, now, async (trx, order) => {
    const { received } = await orderProgress(trx, order);
    const remaining = toAtto(order.amount) - received;
    const balance = await balanceAtto(trx, scope);
    if (remaining > 0n) {
      if (balance < remaining) return fail(errCodes.balanceInsufficient, orderMessages.balanceInsufficient);
      if (!(await debitOrderPayment(trx, scope, order.id, remaining, now)))
        return fail(errCodes.orderClosed, orderMessages.orderClosed);
    }
    const fromBalance = toAtto(order.from_balance) + (remaining > 0n ? remaining : 0n);
    const payType = received > toAtto(order.from_balance) ? "mixed" : "balance";
    return ok(await markPaid(trx, scope, order, payType, now, fromAtto(fromBalance)));
  });
}
