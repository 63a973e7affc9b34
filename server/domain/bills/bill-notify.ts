import type { Listen } from "../../db/listen.ts";
import { type NotifyRelay, type RelayLog, startNotifyRelay } from "../platform/notify-relay.ts";
import { billEventsChannel } from "./bill-events-channel.ts";

/** The process's one LISTEN on `bill_events` (platform/notify-relay.ts), keyed by merchant and bill number. */
export function startBillRelay(listen: Listen, log?: RelayLog): Promise<NotifyRelay> {
  return startNotifyRelay(listen, { channel: billEventsChannel, keyField: "billNo" }, log);
}
