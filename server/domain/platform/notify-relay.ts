import type { Listen } from "../../db/listen.ts";
import { parseSessionsEnded } from "./sessions-ended.ts";
import { jsonObjectOf } from "./json-object.ts";
import { type LiveStreamName, liveStreamNames } from "./live-changes.ts";
import { notifyChannels } from "./notify-channels.ts";

/** Where a relay reports trouble it has dealt with (Fastify's logger fits). */
export interface RelayLog {
  warn(details: object, message: string): void;
}

/**
 * One change a notification names: of which stream, whose, and which of its rows (an order code, a bill number). A
 * public stream's rows are their own owners: the checkout page's change names the invoice's public id as both.
 */
export interface RelayChange {
  stream: LiveStreamName;
  merchantId: string;
  key: string;
}

/**
 * A process's one LISTEN on the live channel (live-changes.ts), fanned out in memory to the streams this process
 * holds, keyed by stream, merchant (and row): a change committed on any instance reaches the browser on whichever
 * instance serves it.
 */
export interface NotifyRelay {
  /**
   * `onChange` is called with the row's key on every notification for this merchant's row (`key`), or for any of its
   * rows (`key` null), and with null after the listening connection came back from a loss (changes in between may
   * have been missed): either way the subscriber re-reads. Returns the unsubscribe function. A plain merchant id: it
   * keys streams in memory and reads no rows (the stream's re-read goes through its session's scope).
   */
  subscribe(
    stream: LiveStreamName,
    merchantId: string,
    key: string | null,
    onChange: (key: string | null) => void,
  ): () => void;
  /**
   * `onEnded` is called when sessions of this merchant ended (sessions-ended.ts), and after a lost
   * connection came back: the stream checks its own session. Returns the unsubscribe function.
   */
  onSessionsEnded(merchantId: string, onEnded: () => void): () => void;
  /** How many subscriptions to a stream a merchant holds in this process (to bound the streams per merchant). */
  subscriptionsOf(stream: LiveStreamName, merchantId: string): number;
  /** Ends the LISTEN; subscribers are not called any more. */
  stop(): Promise<void>;
}

/** json_build_object writes a bigint id as a JSON number, a text code as a string: both are accepted. */
const asText = (v: unknown) =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" && Number.isSafeInteger(v) ? String(v) : null;

/** A notification's `{stream, merchantId, key}`, or null when it is not one (a hand-written NOTIFY, damage). */
export function parseChange(payload: string): RelayChange | null {
  const value = jsonObjectOf(payload);
  if (!value) return null;
  const stream = liveStreamNames.find((name) => name === value.stream);
  const merchantId = asText(value.merchantId);
  const key = asText(value.key);
  return stream && merchantId && key ? { stream, merchantId, key } : null;
}

const anyRow = "\u0001any";
const keyOf = (stream: LiveStreamName, merchantId: string, key: string | null) =>
  `${stream}\u0000${merchantId}\u0000${key ?? anyRow}`;
const countKey = (stream: LiveStreamName, merchantId: string) => `${stream}\u0000${merchantId}`;

/** Starts listening (resolves once the LISTEN is in place) and returns the relay. */
export async function startNotifyRelay(listen: Listen, log?: RelayLog): Promise<NotifyRelay> {
  const channel = notifyChannels.liveChanges;
  const subscribers = new Map<string, Set<(key: string | null) => void>>();
  const sessionWatchers = new Map<string, Set<() => void>>();
  const perMerchant = new Map<string, number>();
  let stopped = false;

  const call = (run: () => void) => {
    try {
      run();
    } catch (error) {
      log?.warn({ err: error, channel }, "a live stream's subscriber failed");
    }
  };
  const tell = (mapKey: string, key: string | null) => {
    for (const onChange of [...(subscribers.get(mapKey) ?? [])]) call(() => onChange(key));
  };

  const unlisten = await listen(channel, {
    onPayload(payload) {
      if (stopped) return;
      const ended = parseSessionsEnded(payload);
      if (ended) {
        for (const onEnded of [...(sessionWatchers.get(ended) ?? [])]) call(onEnded);
        return;
      }
      const change = parseChange(payload);
      if (!change) {
        log?.warn({ channel, payload: payload.slice(0, 200) }, "ignored a notification that names no stream's row");
        return;
      }
      tell(keyOf(change.stream, change.merchantId, change.key), change.key);
      tell(keyOf(change.stream, change.merchantId, null), change.key);
    },
    onGap() {
      if (stopped) return;
      log?.warn(
        { channel, streams: [...perMerchant.values()].reduce((a, b) => a + b, 0) },
        "live notifications: listening again after a lost connection; every open stream re-reads",
      );
      for (const set of [...subscribers.values()]) for (const onChange of [...set]) call(() => onChange(null));
      for (const set of [...sessionWatchers.values()]) for (const onEnded of [...set]) call(onEnded);
    },
    onTrouble(error) {
      log?.warn({ err: error, channel }, "live notifications: the listening connection is lost, reconnecting");
    },
  });

  return {
    subscribe(stream, merchantId, key, onChange) {
      const mapKey = keyOf(stream, merchantId, key);
      const counted = countKey(stream, merchantId);
      // Each subscription is its own entry, even when the same function subscribes twice.
      const entry = (changed: string | null) => onChange(changed);
      const set = subscribers.get(mapKey) ?? new Set();
      set.add(entry);
      subscribers.set(mapKey, set);
      perMerchant.set(counted, (perMerchant.get(counted) ?? 0) + 1);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(entry);
        if (set.size === 0 && subscribers.get(mapKey) === set) subscribers.delete(mapKey);
        const left = (perMerchant.get(counted) ?? 1) - 1;
        if (left > 0) perMerchant.set(counted, left);
        else perMerchant.delete(counted);
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
    subscriptionsOf: (stream, merchantId) => perMerchant.get(countKey(stream, merchantId)) ?? 0,
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
