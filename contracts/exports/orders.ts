import type { Order } from "../schemas/orders.ts";
import { codeOf, coded, currency, type ExportTable, shown, utcTime } from "./export-columns.ts";

/**
 * My orders' export: the list's columns (src/features/orders/order-table.tsx), the codes beside the labels. The status
 * reads as the list's (machines/orders/order-list-selectors.ts `shownStatusOf`: a paid trial "Started (free)"); its
 * code is the API's.
 */
export const orderExportTable: ExportTable<Order> = [
  shown("orders.columns.orderCode", (o) => o.orderCode),
  shown("orders.columns.package", (o, say) => {
    const key = `packages.names.${o.packageCode}`;
    const name = say(key);
    return name === key ? o.packageName : name;
  }),
  codeOf("orders.columns.package", (o) => o.packageCode),
  shown("orders.columns.term", (o, say) =>
    o.termMonths > 0
      ? say("orders.term.month", { count: o.termMonths })
      : say(`orders.term.${o.termUnit}`, { count: o.termCount }),
  ),
  shown("orders.columns.amount", (o) => o.amount),
  currency((o) => o.currency),
  utcTime("orders.columns.createdAt", (o) => o.createdAt),
  shown("orders.columns.status", (o, say) =>
    o.status === "paid" && o.payType === "free" ? say("orders.startedFree") : say(`orders.status.${o.status}`),
  ),
  codeOf("orders.columns.status", (o) => o.status),
  utcTime("orders.columns.paidAt", (o) => o.paidAt),
  ...coded<Order>(
    "orders.columns.payType",
    (o) => o.payType,
    (payType) => `orders.payType.${payType}`,
  ),
];
