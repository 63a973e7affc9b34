import { endpoints } from "../../contracts/endpoints.ts";
import { type ClientOptions, createClient } from "./client.ts";
import { type DerivedCalls, deriveCalls } from "./derived-calls.ts";
import { createDownload } from "./download.ts";
import { orderEventsOnDemand } from "./order-events-on-demand.ts";
import type { WatchOrder } from "./order-events.ts";
import { billEventsOnDemand } from "./bill-events-on-demand.ts";
import type { WatchBills } from "./bill-events.ts";

/**
 * Every call of the console, grouped by area, over one configured client; the streams beside them: `orders.watch`
 * follows an order live, `bills.watch` the merchant's bills.
 */
export type Api = Omit<DerivedCalls, "orders" | "bills"> & {
  orders: DerivedCalls["orders"] & { watch: WatchOrder };
  bills: DerivedCalls["bills"] & { watch: WatchBills };
};

export function makeApi(options: ClientOptions): Api {
  const calls = deriveCalls(endpoints, createClient(options), createDownload(options));
  return {
    ...calls,
    orders: { ...calls.orders, watch: orderEventsOnDemand(options).watchOrder },
    bills: { ...calls.bills, watch: billEventsOnDemand(options).watchBills },
  };
}
