import type { Kysely } from "kysely";
import type {
  Order,
  OrderExportRequest,
  OrderListRequest,
  OrderListResult,
} from "../../../contracts/schemas/orders.ts";
import type { DB } from "../../db/schema.ts";
import type { CsvDownload } from "../platform/csv-download.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import { wireFile } from "../platform/wire-file.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import type { Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { toWireOrder, wireOrderQuery } from "./order-wire.ts";
import { applyDueExpiry } from "./orders.ts";

export const defaultPageSize = 10;

/** My orders' keyset: newest first, then by id (orders_by_merchant serves it). */
const orderKeyset: KeysetList = { name: "orders", time: "o.created_at", id: "o.id" };

/** The merchant's orders the filters select (a code is a prefix of digits), as the wire shows them, in no order yet. */
function filteredOrders(db: Kysely<DB>, scope: MerchantScope, filters: OrderExportRequest) {
  let query = wireOrderQuery(db, scope);
  if (filters.status) query = query.where("o.status", "=", filters.status);
  if (filters.orderCode) query = query.where("o.order_code", "like", `${filters.orderCode}%`);
  if (filters.startTime) query = query.where("o.created_at", ">=", searchTime(filters.startTime));
  if (filters.endTime) query = query.where("o.created_at", "<=", searchTime(filters.endTime));
  return query;
}

/** My orders: newest first, filtered by status, order code, created time; a keyset page (platform/keyset-page.ts). */
export async function listOrders(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: OrderListRequest,
  { now, secret }: { now: Date; secret: Buffer },
): Promise<Outcome<OrderListResult>> {
  await applyDueExpiry(db, scope, now);
  const { cursor, pageSize = defaultPageSize, ...filters } = search;
  const query = filteredOrders(db, scope, filters);
  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  return wirePage(db, query, orderKeyset, request, (row) => toWireOrder(row, now));
}

/** My orders as a CSV file: every order the filters select, newest first, as the list shows it; read as it is sent. */
export async function exportOrders(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: OrderExportRequest,
  now: Date,
): Promise<Outcome<CsvDownload<Order>>> {
  await applyDueExpiry(db, scope, now);
  const fileName = `orders-${now.toISOString().slice(0, 10)}.csv`;
  return wireFile(db, filteredOrders(db, scope, filters), orderKeyset, fileName, (row) => toWireOrder(row, now));
}
