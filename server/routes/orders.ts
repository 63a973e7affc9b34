import { exportOrders, listOrders } from "../domain/payments/order-list.ts";
import { cancelOrder, createOrder, finishPay, orderDetail, payFromBalance } from "../domain/payments/orders.ts";
import type { HandlerTable } from "../http/handler.ts";
import { listHandlers } from "./list-handlers.ts";

/** Orders (contracts/schemas/orders.ts): only ever the signed-in merchant's own; another merchant's order code is unknown (2202). */
export const orderHandlers: Pick<
  HandlerTable,
  "orderCreate" | "orderList" | "orderExport" | "orderDetail" | "orderFinishPay" | "orderCancel" | "orderPayFromBalance"
> = {
  orderCreate: {
    handle: ({ db, body, session, now, services }) =>
      createOrder(db, session.scope, body.packageId, { now, paySeconds: services.orderPaySeconds }),
  },
  ...listHandlers(
    { pages: "orderList", file: "orderExport" },
    { pages: listOrders, file: (db, scope, filters, { now }) => exportOrders(db, scope, filters, now) },
  ),
  orderDetail: {
    handle: ({ db, body, session, now }) => orderDetail(db, session.scope, body.orderCode, now),
  },
  orderFinishPay: {
    handle: ({ db, body, session, now }) => finishPay(db, session.scope, body.orderCode, now),
  },
  orderCancel: {
    handle: ({ db, body, session, now }) => cancelOrder(db, session.scope, body.orderCode, now),
  },
  orderPayFromBalance: {
    handle: ({ db, body, session, now }) => payFromBalance(db, session.scope, body.orderCode, now),
  },
};
