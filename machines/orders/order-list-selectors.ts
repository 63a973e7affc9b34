import { isPositiveAmount } from "./payment-request.ts";
import type { SnapshotFrom } from "xstate";
import type {
  Order,
  OrderDetail,
  OrderExportRequest,
  OrderStatus,
  OrderTransfer,
} from "../../contracts/schemas/order.ts";
import type { TermUnit } from "../../contracts/schemas/packages.ts";
import type { Failure } from "../api-failure.ts";
import { type PagingView, pagingViewOf } from "../lists/keyset-paging.ts";
import {
  type OrderListContext,
  type OrderSearch,
  type orderListMachine,
  orderPageSizes,
  toOrderExportRequest,
} from "./order-list.ts";

type OrderListSnapshot = SnapshotFrom<typeof orderListMachine>;

/** The list's body: a first load, a failure with Retry, no order for this search, or the rows (perhaps being refreshed). */
export type OrderTableView =
  | { kind: "loading" }
  | { kind: "failed"; failure: Failure | null }
  | { kind: "empty"; filtered: boolean; refreshing: boolean }
  | { kind: "rows"; rows: OrderRow[]; refreshing: boolean };

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
  paidAt: string | null;
  payType: Order["payType"];
  canPay: boolean;
  canCancel: boolean;
}

export const termOf = (order: Pick<Order, "termMonths" | "termUnit" | "termCount">): TermView =>
  order.termMonths > 0
    ? { kind: "months", months: order.termMonths }
    : { kind: "unit", unit: order.termUnit, count: order.termCount };

const isFiltered = (search: OrderSearch) => Object.values(search).some((value) => value.trim() !== "");

export function selectOrderTable(snapshot: OrderListSnapshot): OrderTableView {
  const { context } = snapshot;
  const refreshing = snapshot.matches("loading");
  if (snapshot.matches("failed")) return { kind: "failed", failure: context.failure };
  // Until the first answer there is nothing to keep on screen.
  if (!context.loaded) return { kind: "loading" };
  if (context.items.length === 0) return { kind: "empty", filtered: isFiltered(context.search), refreshing };
  const rows = context.items.map((order) => ({
    orderCode: order.orderCode,
    packageCode: order.packageCode,
    packageName: order.packageName,
    term: termOf(order),
    amount: order.amount,
    createdAt: order.createdAt,
    status: order.status,
    paidAt: order.paidAt,
    payType: order.payType,
    canPay: snapshot.can({ type: "order.pay", orderCode: order.orderCode }),
    canCancel: snapshot.can({ type: "order.cancel", orderCode: order.orderCode }),
  }));
  return { kind: "rows", rows, refreshing };
}

/** What an export of the list shown asks for: exactly the search the list applies. */
export const selectOrderExportRequest = (snapshot: OrderListSnapshot): OrderExportRequest =>
  toOrderExportRequest(snapshot.context.search);

export const selectPagination = (snapshot: OrderListSnapshot): PagingView =>
  pagingViewOf(snapshot.context.paging, orderPageSizes, {
    page: (page) => snapshot.can({ type: "orders.page", page }),
    pageSize: (pageSize) => snapshot.can({ type: "orders.pageSize", pageSize }),
  });

export interface SearchFormView {
  search: OrderSearch;
  revision: number;
  fieldErrors: OrderListContext["fieldErrors"];
  busy: boolean;
  canSearch: boolean;
}

export function selectSearchForm(snapshot: OrderListSnapshot): SearchFormView {
  const { context } = snapshot;
  return {
    search: context.search,
    revision: context.formRevision,
    fieldErrors: context.fieldErrors,
    busy: snapshot.matches("loading"),
    canSearch: snapshot.can({ type: "orders.reset" }),
  };
}

/** The details dialog: closed, loading, failed (with Retry) or the order with the transfers that paid it. */
export type DetailDialogView =
  | { open: false }
  | { open: true; orderCode: string; kind: "loading" }
  | { open: true; orderCode: string; kind: "failed"; failure: Failure | null }
  | { open: true; orderCode: string; kind: "ready"; detail: OrderDetail; facts: DetailFacts };

/** The detail fields of spec section 3, taken from our order. */
export interface DetailFacts {
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
}

export function detailFactsOf(detail: OrderDetail): DetailFacts {
  const chains = new Map<string, { product: string; chainId: number }>();
  for (const transfer of detail.transfers) {
    if (transfer.status !== "removed")
      chains.set(`${transfer.product}:${transfer.chainId}`, { product: transfer.product, chainId: transfer.chainId });
  }
  return {
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
  };
}

export function selectDetailDialog(snapshot: OrderListSnapshot): DetailDialogView {
  const { detailCode, detail, detailFailure } = snapshot.context;
  if (!snapshot.matches("details") || detailCode === null) return { open: false };
  if (snapshot.matches({ details: "failed" }))
    return { open: true, orderCode: detailCode, kind: "failed", failure: detailFailure };
  if (snapshot.matches({ details: "ready" }) && detail)
    return { open: true, orderCode: detailCode, kind: "ready", detail, facts: detailFactsOf(detail) };
  return { open: true, orderCode: detailCode, kind: "loading" };
}

/** The order the pay dialog is open for, and why; null while it is closed. */
export const selectPayTarget = (snapshot: OrderListSnapshot) =>
  snapshot.matches("paying") ? snapshot.context.payTarget : null;
