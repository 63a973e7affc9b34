import type { Listen } from "../../db/listen.ts";
import { type NotifyRelay, parseChange, type RelayLog, startNotifyRelay } from "../platform/notify-relay.ts";
import { type OrderEventPayload, orderEventsChannel } from "./order-events-channel.ts";

export type { RelayLog } from "../platform/notify-relay.ts";

/** The relay of `order_events` (platform/notify-relay.ts), keyed by merchant and order code. */
export type OrderRelay = NotifyRelay;

/** A notification's payload, or null when it is not one of ours (a hand-written NOTIFY, a damaged payload). */
export function parseOrderChange(payload: string): OrderEventPayload | null {
  const change = parseChange(payload, "orderCode");
  return change ? { merchantId: change.merchantId, orderCode: change.key } : null;
}

/** The process's one LISTEN on `order_events`; resolves once it is in place. */
export function startOrderRelay(listen: Listen, log?: RelayLog): Promise<OrderRelay> {
  return startNotifyRelay(listen, { channel: orderEventsChannel, keyField: "orderCode" }, log);
}
