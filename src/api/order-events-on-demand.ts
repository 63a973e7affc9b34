import type { ClientOptions } from "./client.ts";
import { streamOnDemand } from "./stream-on-demand.ts";
import type { WatchOrder } from "./order-events.ts";

/** `watchOrder` whose code comes with the first order followed (only the pay dialog follows one). */
export function orderEventsOnDemand(options: ClientOptions): { watchOrder: WatchOrder } {
  return {
    watchOrder: streamOnDemand(() => import("./order-events.ts").then((m) => m.orderEventsApi(options).watchOrder)),
  };
}
