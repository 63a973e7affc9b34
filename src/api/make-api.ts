import { endpoints } from "../../contracts/endpoints.ts";
import { type ClientOptions, createClient } from "./client.ts";
import { type DerivedCalls, deriveCalls } from "./derived-calls.ts";
import { orderEventsOnDemand } from "./order-events-on-demand.ts";
import type { WatchOrder } from "./order-events.ts";

/** Every call of the console, grouped by area, over one configured client; `orders.watch` follows an order live. */
export type Api = Omit<DerivedCalls, "orders"> & { orders: DerivedCalls["orders"] & { watch: WatchOrder } };

export function makeApi(options: ClientOptions): Api {
  const calls = deriveCalls(endpoints, createClient(options));
  return { ...calls, orders: { ...calls.orders, watch: orderEventsOnDemand(options).watchOrder } };
}
