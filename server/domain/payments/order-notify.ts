import { jsonObjectOf } from "../platform/json-object.ts";
import type { Listen } from "../../db/listen.ts";
import { parseSessionsEnded } from "../identity/session-events.ts";
import { type OrderEventPayload, orderEventsChannel } from "./order-events-channel.ts";

/** Where the relay reports trouble it has dealt with (Fastify's logger fits). */
export interface RelayLog {
  warn(details: object, message: string): void;
}

/**
 * The process's one LISTEN on `order_events`, fanned out in memory to the streams this process holds, keyed by
 * merchant and order: a change committed on any instance reaches the browser on whichever instance serves it.
 */
export interface OrderRelay {
  /**
   * `onChange` is called on every notification for this merchant's order, and after the listening connection
   * came back from a loss (changes in between may have been missed): either way the subscriber re-reads the order.
   * Returns the unsubscribe function. A plain merchant id: it keys streams in memory and reads no rows (the stream's
   * re-read of the order goes through its session's scope).
   */
  subscribe(merchantId: string, orderCode: string, onChange: () => void): () => void;
  /**
   * `onEnded` is called when sessions of this merchant ended (identity/session-events.ts), and after a lost
   * connection came back: the stream checks its own session. Returns the unsubscribe function.
   */
  onSessionsEnded(merchantId: string, onEnded: () => void): () => void;
  /** How many subscriptions a merchant holds in this process (to bound the streams per merchant). */
  subscriptionsOf(merchantId: string): number;
  /** Ends the LISTEN; subscribers are not called any more. */
  stop(): Promise<void>;
}

/** A notification's payload, or null when it is not one of ours (a hand-written NOTIFY, a damaged payload). */
export function parseOrderChange(payload: string): OrderEventPayload | null {
  const value = jsonObjectOf(payload);
  if (!value) return null;
  const { merchantId, orderCode } = value;
  // json_build_object writes a bigint id as a JSON number, a text code as a string: both are accepted.
  const asText = (v: unknown) =>
    typeof v === "string" && v !== "" ? v : typeof v === "number" && Number.isSafeInteger(v) ? String(v) : null;
  const merchant = asText(merchantId);
  const code = asText(orderCode);
  return merchant && code ? { merchantId: merchant, orderCode: code } : null;
}

const keyOf = (merchantId: string, orderCode: string) => `${merchantId}\u0000${orderCode}`;

/** Starts listening (resolves once the LISTEN is in place) and returns the relay. */
export async function startOrderRelay(listen: Listen, log?: RelayLog): Promise<OrderRelay> {
  const subscribers = new Map<string, Set<() => void>>();
  const sessionWatchers = new Map<string, Set<() => void>>();
  const perMerchant = new Map<string, number>();
  let stopped = false;

  const call = (onChange: () => void) => {
    try {
      onChange();
    } catch (error) {
      log?.warn({ err: error }, "an order stream's subscriber failed");
    }
  };

  const unlisten = await listen(orderEventsChannel, {
    onPayload(payload) {
      if (stopped) return;
      const ended = parseSessionsEnded(payload);
      if (ended) {
        for (const onEnded of [...(sessionWatchers.get(ended) ?? [])]) call(onEnded);
        return;
      }
      const change = parseOrderChange(payload);
      if (!change) {
        log?.warn(
          { channel: orderEventsChannel, payload: payload.slice(0, 200) },
          "ignored a notification that names no order",
        );
        return;
      }
      for (const onChange of [...(subscribers.get(keyOf(change.merchantId, change.orderCode)) ?? [])]) call(onChange);
    },
    onGap() {
      if (stopped) return;
      log?.warn(
        { streams: [...perMerchant.values()].reduce((a, b) => a + b, 0) },
        "order notifications: listening again after a lost connection; every open stream re-reads its order",
      );
      for (const set of [...subscribers.values()]) for (const onChange of [...set]) call(onChange);
      for (const set of [...sessionWatchers.values()]) for (const onEnded of [...set]) call(onEnded);
    },
    onTrouble(error) {
      log?.warn({ err: error }, "order notifications: the listening connection is lost, reconnecting");
    },
  });

  return {
    subscribe(merchantId, orderCode, onChange) {
      const key = keyOf(merchantId, orderCode);
      // Each subscription is its own entry, even when the same function subscribes twice.
      const entry = () => onChange();
      const set = subscribers.get(key) ?? new Set();
      set.add(entry);
      subscribers.set(key, set);
      perMerchant.set(merchantId, (perMerchant.get(merchantId) ?? 0) + 1);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(entry);
        if (set.size === 0 && subscribers.get(key) === set) subscribers.delete(key);
        const left = (perMerchant.get(merchantId) ?? 1) - 1;
        if (left > 0) perMerchant.set(merchantId, left);
        else perMerchant.delete(merchantId);
      };
    },
    onSessionsEnded(merchantId, onEnded) {
      const entry = () => onEnded();
      const set = sessionWatchers.get(merchantId) ?? new Set();
      set.add(entry);
      sessionWatchers.set(merchantId, set);
      return () => {
        set.delete(entry);
        if (set.size === 0 && sessionWatchers.get(merchantId) === set) sessionWatchers.delete(merchantId);
      };
    },
    subscriptionsOf: (merchantId) => perMerchant.get(merchantId) ?? 0,
    async stop() {
      if (stopped) return;
      stopped = true;
      subscribers.clear();
      sessionWatchers.clear();
      perMerchant.clear();
      await unlisten();
    },
  };
}
