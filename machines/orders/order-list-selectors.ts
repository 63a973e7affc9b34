import { isPositiveAmount } from "../../contracts/money.ts";
import type { Order, OrderDetail, OrderStatus, OrderTransfer } from "../../contracts/schemas/orders.ts";
import type { TermUnit } from "../../contracts/schemas/packages.ts";
import type { Failure } from "../api-failure.ts";
import { type ListSnapshot, type ListTableView, tableSelector } from "../lists/list-selectors.ts";
import type { PayIntent } from "./order-list.ts";

/** The list's body: a first load, a failure with Retry, no order for this search, or the rows (perhaps being refreshed). */
export type OrderTableView = ListTableView<OrderRow>;

/**
 * An order's status as My orders and its details show it: a paid order that cost nothing (a free trial) reads "started,
 * free", never "paid", whose words in four of the six languages are "Payment complete".
 */
export type ShownStatus = OrderStatus | "startedFree";

export const shownStatusOf = (order: Pick<Order, "status" | "payType">): ShownStatus =>
  order.status === "paid" && order.payType === "free" ? "startedFree" : order.status;

/** How long a package runs: whole months, or the count of a shorter unit (a trial's days). */
export type TermView = { kind: "months"; months: number } | { kind: "unit"; unit: TermUnit; count: number };

export interface OrderRow {
  orderCode: string;
  packageCode: string;
  packageName: string;
  term: TermView;
  amount: string;
  createdAt: string;
  status: OrderStatus;
  shownStatus: ShownStatus;
  paidAt: string | null;
  payType: Order["payType"];
  canPay: boolean;
  canCancel: boolean;
}

export const termOf = (order: Pick<Order, "termMonths" | "termUnit" | "termCount">): TermView =>
  order.termMonths > 0
    ? { kind: "months", months: order.termMonths }
    : { kind: "unit", unit: order.termUnit, count: order.termCount };

/** The rows with what each may do now: Pay (pending, waiting) and Cancel (pending). */
export function selectOrderTable(snapshot: ListSnapshot): OrderTableView {
  return tableSelector<Order, OrderRow>((order) => ({
    orderCode: order.orderCode,
    packageCode: order.packageCode,
    packageName: order.packageName,
    term: termOf(order),
    amount: order.amount,
    createdAt: order.createdAt,
    status: order.status,
    shownStatus: shownStatusOf(order),
    paidAt: order.paidAt,
    payType: order.payType,
    canPay: snapshot.can({ type: "row.act", action: "pay", key: order.orderCode }),
    canCancel: snapshot.can({ type: "row.act", action: "cancel", key: order.orderCode }),
  }))(snapshot);
}

/** The details dialog: closed, loading, failed (with Retry) or the order with the transfers that paid it. */
export type DetailDialogView =
  | { open: false }
  | { open: true; orderCode: string; kind: "loading" }
  | { open: true; orderCode: string; kind: "failed"; failure: Failure | null }
  | { open: true; orderCode: string; kind: "ready"; detail: OrderDetail; facts: DetailFacts };

/** The detail fields of spec section 3, taken from our order. */
export interface DetailFacts {
  shownStatus: ShownStatus;
  /** Product: the package. */
  packageCode: string;
  packageName: string;
  /** Type: the package's term. */
  term: TermView;
  termUnit: TermUnit;
  termCount: number;
  /** Market: the chains the order's transfers came on. */
  chains: Array<{ product: string; chainId: number }>;
  /** Usage: the package's limits (null for unlimited). */
  limits: OrderDetail["limits"];
  transfers: OrderTransfer[];
  /** What of the order's money is on the balance (an excess, a closed order's partial payment); null when nothing. */
  toBalance: string | null;
  /** What a reorganisation took back of a paid order's payment; null when nothing (the usual case). */
  reversed: string | null;
  /** An upgrade's price and the credit for the previous package's unused part; null without a credit. */
  credit: { price: string; credit: string } | null;
}

export function detailFactsOf(detail: OrderDetail): DetailFacts {
  const chains = new Map<string, { product: string; chainId: number }>();
  for (const transfer of detail.transfers) {
    if (transfer.status !== "removed")
      chains.set(`${transfer.product}:${transfer.chainId}`, { product: transfer.product, chainId: transfer.chainId });
  }
  return {
    shownStatus: shownStatusOf(detail),
    packageCode: detail.packageCode,
    packageName: detail.packageName,
    term: termOf(detail),
    termUnit: detail.termUnit,
    termCount: detail.termCount,
    chains: [...chains.values()],
    limits: detail.limits,
    transfers: detail.transfers,
    toBalance: isPositiveAmount(detail.toBalance) ? detail.toBalance : null,
    reversed: isPositiveAmount(detail.reversed) ? detail.reversed : null,
    credit: isPositiveAmount(detail.credit) ? { price: detail.price, credit: detail.credit } : null,
  };
}

export function selectDetailDialog(snapshot: ListSnapshot): DetailDialogView {
  const { detailKey, detail, detailFailure } = snapshot.context;
  if (!snapshot.matches({ list: "details" }) || detailKey === null) return { open: false };
  if (snapshot.matches({ list: { details: "failed" } }))
    return { open: true, orderCode: detailKey, kind: "failed", failure: detailFailure };
  if (snapshot.matches({ list: { details: "shown" } }) && detail)
    return {
      open: true,
      orderCode: detailKey,
      kind: "ready",
      detail: detail as OrderDetail,
      facts: detailFactsOf(detail as OrderDetail),
    };
  return { open: true, orderCode: detailKey, kind: "loading" };
}

/** The order the pay dialog is open for, and why; null while it is closed. */
export function selectPayTarget(snapshot: ListSnapshot): { order: Order; intent: PayIntent } | null {
  const { acting, items } = snapshot.context;
  if (!snapshot.matches({ list: "acting" }) || !acting) return null;
  const order = (items as Order[]).find((row) => row.orderCode === acting.key);
  return order ? { order, intent: acting.action === "cancel" ? "cancel" : "pay" } : null;
}
