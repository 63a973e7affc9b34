import { type AppBill, appBill, billEventName, billEventsPath } from "../../contracts/schemas/bills.ts";
import type { ApiError } from "./api-error.ts";
import type { ClientOptions } from "./client.ts";
import { followEventStream, type StreamSettings } from "./event-stream.ts";

export interface BillWatchHandlers {
  /** A bill of the signed-in merchant as it is now, whenever it is seen, confirmed further, credited or taken away. */
  onBill(bill: AppBill): void;
  /** Called once when the stream cannot start or stops other than through `stop()`: the caller polls instead. */
  onError(error: ApiError): void;
}

/** Follows the signed-in merchant's bills live; the returned `stop()` ends it without calling `onError`. */
export type WatchBills = (handlers: BillWatchHandlers) => () => void;

/** The live bills (`GET /api/Bill/Events`, the endpoint table's `billEvents`), each event's data checked against `appBill`. */
export function billEventsApi(options: ClientOptions, settings: StreamSettings = {}): { watchBills: WatchBills } {
  const watchBills: WatchBills = (handlers) =>
    followEventStream(
      options,
      { path: billEventsPath, event: billEventName, schema: appBill, what: "live bills" },
      { onEvent: handlers.onBill, onError: handlers.onError },
      settings,
    );
  return { watchBills };
}
