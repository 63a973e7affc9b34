import type { WatchBills } from "./bill-events.ts";
import type { ClientOptions } from "./client.ts";
import { streamOnDemand } from "./stream-on-demand.ts";

/** `watchBills` whose code comes with the first stream followed (only Application bills follows it). */
export const billEventsOnDemand = (options: ClientOptions): { watchBills: WatchBills } => ({
  watchBills: streamOnDemand(() => import("./bill-events.ts").then((m) => m.billEventsApi(options).watchBills)),
});
