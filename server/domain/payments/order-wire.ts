import type { ExpressionBuilder, Kysely } from "kysely";
import type { Order, OrderDetail, OrderTransfer } from "../../../contracts/schemas/orders.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { orderToBalance } from "./balance.ts";
import { termMonths } from "./packages.ts";
import { fromAtto, toAtto, usdtText } from "../../../contracts/money.ts";

/** An order as read for the wire: its row, its package, and the sums of its attached transfers. */
export interface WireOrderRow {
  id: string;
  order_code: string;
  merchant_id: string;
  package_id: string;
  amount: string;
  credit: string;
  status: Order["status"];
  upgrade: Order["upgrade"];
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  pay_type: Order["payType"];
  from_balance: string;
  package_expires_at: Date | null;
  package_code: string;
  package_name: string;
  term_unit: Order["termUnit"];
  term_count: number;
  limit_wallets: number | null;
  limit_currencies: number | null;
  limit_applications: number | null;
  /** Counted transfers' USDT (confirmed, counted for the order). */
  counted_sum: string | null;
  /** Still confirming. */
  seen_sum: string | null;
}

const attachedSum = (
  eb: ExpressionBuilder<DB & { o: DB["orders"] }, "o">,
  statuses: readonly ("seen" | "confirmed")[],
  counted: boolean | null,
) => {
  let query = eb
    .selectFrom("order_transfers as ot")
    .innerJoin("chain_transfers as ct", "ct.id", "ot.transfer_id")
    .select((s) => s.fn.sum<string | null>("ot.amount").as("total"))
    .whereRef("ot.order_id", "=", "o.id")
    .where("ot.to_balance", "=", false)
    .where("ct.status", "in", statuses);
  if (counted !== null) query = query.where("ot.counted", "=", counted);
  return query;
};

/** The query of the merchant's wire rows (it adds the `where merchant_id` itself); callers add their own filters. */
export function wireOrderQuery(db: Kysely<DB>, { merchantId }: MerchantScope) {
  return db
    .selectFrom("orders as o")
    .innerJoin("packages as p", "p.id", "o.package_id")
    .select([
      "o.id",
      "o.order_code",
      "o.merchant_id",
      "o.package_id",
      "o.amount",
      "o.credit",
      "o.status",
      "o.upgrade",
      "o.created_at",
      "o.expires_at",
      "o.paid_at",
      "o.pay_type",
      "o.from_balance",
      "o.package_expires_at",
      "p.code as package_code",
      "p.name as package_name",
      "p.term_unit",
      "p.term_count",
      "p.limit_wallets",
      "p.limit_currencies",
      "p.limit_applications",
    ])
    .select((eb) => [
      attachedSum(eb, ["confirmed"], true).as("counted_sum"),
      attachedSum(eb, ["seen"], null).as("seen_sum"),
    ])
    .where("o.merchant_id", "=", merchantId);
}

/**
 * The `order` schema's shape (contracts/schemas/orders.ts), the one place it is made: the calls and the event stream
 * answer the same thing. received = counted transfers + balance taken; confirming only while the order is open (what
 * confirms after it closed goes to the balance); remaining = amount − received, never below 0, and 0 once paid.
 */
export function toWireOrder(row: WireOrderRow, now: Date): Order {
  const open = row.status === "pending" || row.status === "waiting";
  const received = toAtto(row.counted_sum ?? "0") + toAtto(row.from_balance);
  const remaining = row.status === "paid" ? 0n : toAtto(row.amount) - received;
  return {
    orderCode: row.order_code,
    packageId: row.package_id,
    packageCode: row.package_code,
    packageName: row.package_name,
    termUnit: row.term_unit,
    termCount: row.term_count,
    termMonths: termMonths(row.term_unit, row.term_count),
    limits: { wallets: row.limit_wallets, currencies: row.limit_currencies, applications: row.limit_applications },
    price: fromAtto(toAtto(row.amount) + toAtto(row.credit)),
    credit: usdtText(row.credit),
    amount: usdtText(row.amount),
    currency: "USDT",
    status: row.status,
    upgrade: row.upgrade,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    payType: row.pay_type,
    received: fromAtto(received),
    confirming: open ? usdtText(row.seen_sum) : "0",
    remaining: fromAtto(remaining > 0n ? remaining : 0n),
    serverTime: now.toISOString(),
  };
}

/** The transfers attached to an order, oldest first, removed ones included (the detail shows what a reorganisation took). */
export async function orderTransfersOf(db: Kysely<DB>, orderId: string): Promise<OrderTransfer[]> {
  const rows = await db
    .selectFrom("order_transfers as ot")
    .innerJoin("chain_transfers as ct", "ct.id", "ot.transfer_id")
    .select([
      "ot.product",
      "ot.amount",
      "ot.required",
      "ct.chain_id",
      "ct.tx_hash",
      "ct.log_index",
      "ct.block_number",
      "ct.from_address",
      "ct.confirmations",
      "ct.status",
      "ct.seen_at",
    ])
    .where("ot.order_id", "=", orderId)
    .orderBy("ct.seen_at")
    .orderBy("ot.transfer_id")
    .execute();
  return rows.map((r) => ({
    product: r.product,
    chainId: Number(r.chain_id),
    txHash: r.tx_hash,
    logIndex: r.log_index,
    blockNumber: r.block_number,
    from: r.from_address,
    amount: usdtText(r.amount),
    confirmations: Math.min(r.confirmations, r.required),
    required: r.required,
    status: r.status,
    seenAt: r.seen_at.toISOString(),
  }));
}

/** The `orderDetail` shape: the order, its transfers, the balance it took and the package's expiry once paid. */
export async function toWireOrderDetail(db: Kysely<DB>, row: WireOrderRow, now: Date): Promise<OrderDetail> {
  const order = toWireOrder(row, now);
  const short = toAtto(row.amount) - toAtto(order.received);
  return {
    ...order,
    transfers: await orderTransfersOf(db, row.id),
    fromBalance: usdtText(row.from_balance),
    packageExpiresAt: row.package_expires_at ? row.package_expires_at.toISOString() : null,
    toBalance: fromAtto(await orderToBalance(db, row.id)),
    reversed: fromAtto(row.status === "paid" && row.pay_type !== "free" && short > 0n ? short : 0n),
  };
}
