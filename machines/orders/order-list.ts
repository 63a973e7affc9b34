import { type OrderStatus, orderStatuses } from "../../contracts/schemas/orders.ts";
import { ordersEndpoints } from "../../contracts/endpoints/orders.ts";
import { listArea } from "../lists/list-area.ts";

/** Pay status in which an order can still be paid (spec section 4: pending, and waiting while it is checked). */
export const payableStatuses: ReadonlySet<OrderStatus> = new Set(["pending", "waiting"]);
/** Only a pending order can be cancelled: one with a transfer seen is waiting for its confirmations. */
export const cancellableStatuses: ReadonlySet<OrderStatus> = new Set(["pending"]);

/** What the pay dialog is opened for: paying the order, or cancelling it (the dialog asks for confirmation). */
export type PayIntent = "pay" | "cancel";

/**
 * My orders (spec sections 2–4) on the list framework: searched by status, a part of the order code and the
 * created time; an order's details come with a call of their own (the transfers that paid it); Pay and Cancel open
 * the pay dialog, and the list is asked for again when it closes (the order may have changed).
 */
export const orderListArea = listArea(
  { pages: ordersEndpoints.orderList, file: ordersEndpoints.orderExport },
  {
    name: "orders",
    fields: [
      {
        name: "status",
        kind: "choice",
        options: orderStatuses,
        optionLabels: "orders.status",
        any: "orders.search.anyStatus",
      },
      { name: "orderCode", kind: "text", numeric: true },
      { name: "startTime", kind: "from" },
      { name: "endTime", kind: "until" },
    ],
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (order) => order.orderCode,
    live: false,
    detailLoads: true,
    actions: {
      pay: { kind: "dialog", allowed: (order) => payableStatuses.has(order.status) },
      cancel: { kind: "dialog", allowed: (order) => cancellableStatuses.has(order.status) },
    },
  },
);
