import type { Area } from "../../contracts/endpoints.ts";
import { endpoints } from "../../contracts/endpoints.ts";
import { type ClientOptions, createClient } from "./client.ts";
import { type DerivedCalls, deriveCalls } from "./derived-calls.ts";
import { createDownload } from "./download.ts";
import { type StreamCalls, streamCalls } from "./stream-calls.ts";

/**
 * Every call of the console, grouped by area, over one configured client; an area's stream beside them as its
 * `watch` (`orders.watch` follows an order live, `bills.watch` the merchant's bills: src/api/stream-calls.ts).
 */
export type Api = { [A in Area]: DerivedCalls[A] & StreamCalls[A] };

export function makeApi(options: ClientOptions): Api {
  const calls = deriveCalls(endpoints, createClient(options), createDownload(options)) as Record<string, object>;
  const streams = streamCalls(options) as Record<string, object>;
  const api: Record<string, object> = {};
  for (const area of new Set([...Object.keys(calls), ...Object.keys(streams)]))
    api[area] = { ...calls[area], ...streams[area] };
  return api as Api;
}
