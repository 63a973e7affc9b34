import { type Order, order, orderEventName, orderEventsPath } from "../../contracts/schemas/order.ts";
import type { ApiError } from "./api-error.ts";
import type { ClientOptions } from "./client.ts";
import { followEventStream, type StreamSettings, streamSilenceMs } from "./event-stream.ts";

export interface OrderWatchHandlers {
  /** The order as it is now: first at once, then after every change. */
  onOrder(order: Order): void;
  /**
   * Called once when the stream cannot start (signed out, unknown order, too many streams, no such route) or stops
   * other than through `stop()` (network, server closing, silence, a bad event): the caller falls back to polling.
   * Nothing is called after it.
   */
  onError(error: ApiError): void;
}

/** Follows one order live; the returned `stop()` ends it without calling `onError`. */
export type WatchOrder = (orderCode: string, handlers: OrderWatchHandlers) => () => void;

export const orderStreamSilenceMs = streamSilenceMs;
export type OrderEventsSettings = StreamSettings;

/**
 * The live order status (`GET /api/Order/Events?orderCode=`, server-sent events: the endpoint table's `orderEvents`),
 * each event's data checked against `order`.
 */
export function orderEventsApi(options: ClientOptions, settings: OrderEventsSettings = {}): { watchOrder: WatchOrder } {
  const watchOrder: WatchOrder = (orderCode, handlers) =>
    followEventStream(
      options,
      { path: orderEventsPath, query: { orderCode }, event: orderEventName, schema: order, what: "live order status" },
      { onEvent: handlers.onOrder, onError: handlers.onError },
      settings,
    );
  return { watchOrder };
}
