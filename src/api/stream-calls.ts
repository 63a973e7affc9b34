import type * as z from "zod/mini";
import type { Area, Endpoint, EndpointName, Endpoints } from "../../contracts/endpoints.ts";
import { endpoints } from "../../contracts/endpoints.ts";
import type { ClientOptions } from "./client.ts";
import type { InputOf } from "./derived-calls.ts";
import { followEventStream, type StreamHandlers, type StreamSettings } from "./event-stream.ts";

/** Follows a stream live: each event's data to `onEvent`; the returned `stop()` ends it without calling `onError`. */
export type WatchCall<E extends Endpoint> = (
  query: InputOf<E>,
  handlers: StreamHandlers<z.infer<E["result"]>>,
) => () => void;

type StreamNamesOf<A extends Area> = {
  [N in EndpointName]: Endpoints[N] extends { area: A; stream: true } ? N : never;
}[EndpointName];

/** Every stream of contracts/endpoints.ts as its area's `watch`: `api.bills.watch({}, { onEvent, onError })`. */
export type StreamCalls = {
  [A in Area]: { [N in StreamNamesOf<A> as Endpoints[N]["call"]]: WatchCall<Endpoints[N]> };
};

/** The client's streams, derived from the endpoint table's `stream` rows (path, query, `event`, `result`). */
export function streamCalls(options: ClientOptions, settings: StreamSettings = {}): StreamCalls {
  const calls: Record<string, Record<string, WatchCall<Endpoint>>> = {};
  for (const endpoint of Object.values(endpoints) as Endpoint[]) {
    if (!endpoint.stream) continue;
    const { area, call, path, event, result } = endpoint;
    if (!event) throw new Error(`the stream ${area}.${call} names no event`);
    calls[area] ??= {};
    calls[area][call] = (query, handlers) =>
      followEventStream(
        options,
        { path, query: textFields(query), event, schema: result, what: `live ${area}` },
        handlers,
        settings,
      );
  }
  return calls as unknown as StreamCalls;
}

const textFields = (query: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
