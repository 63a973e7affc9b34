import { ApiError } from "./api-error.ts";
import type { ClientOptions } from "./client.ts";
import type { Api } from "./make-api.ts";
import { streamOnDemand } from "./stream-on-demand.ts";

type Call = (input?: unknown) => Promise<unknown>;

/**
 * The console's Api, whose code (the endpoint table, its schemas, ky and the client) comes with the first call
 * rather than with the page: /login paints and takes input without it, and a signed-in page's first call loads it
 * alongside the page's own code. A chunk that fails to load is a transport failure, reported and thrown like one,
 * and tried again by the next call.
 *
 * The names come from the endpoint table too, which is not here yet: `api.orders.list` is a stand-in that loads the
 * table and then calls its `orders.list`. A name the table does not have fails the typecheck, and at run time
 * rejects like an unknown call.
 */
export function apiOnDemand(options: ClientOptions): Api {
  let loading: Promise<Api> | undefined;
  const load = (): Promise<Api> => {
    loading ??= import("./make-api.ts").then(
      ({ makeApi }) => makeApi(options),
      (error: unknown) => {
        loading = undefined;
        const failure = new ApiError(
          "transport",
          "network",
          error instanceof Error && error.message ? error.message : "Request Error",
        );
        options.reporter?.transportError(failure);
        throw failure;
      },
    );
    return loading;
  };
  // An area's stream (the endpoint table's `stream` rows are each their area's `watch`) is no envelope call: its code
  // comes with the first stream followed.
  const streams = new Map<string, unknown>();
  const streamOf = (area: string) => {
    const known = streams.get(area);
    if (known) return known;
    const watch = streamOnDemand<[query: unknown], { onError(error: ApiError): void }>(() =>
      import("./stream-calls.ts").then((m) => {
        const follow = (m.streamCalls(options) as unknown as Record<string, { watch?: unknown } | undefined>)[area]
          ?.watch;
        if (!follow) throw new ApiError("transport", "unknown call", `No stream ${area}.watch`);
        return follow as (query: unknown, handlers: { onError(error: ApiError): void }) => () => void;
      }),
    );
    streams.set(area, watch);
    return watch;
  };
  const areas = new Map<string, Record<string, Call>>();
  const areaOf = (area: string): Record<string, Call> => {
    const known = areas.get(area);
    if (known) return known;
    const calls = new Proxy({} as Record<string, Call>, {
      get(cache, name) {
        if (typeof name !== "string") return undefined;
        if (name === "watch") return streamOf(area);
        cache[name] ??= (input) =>
          load().then((api) => {
            const call = (api as unknown as Record<string, Record<string, Call | undefined> | undefined>)[area]?.[name];
            if (!call) throw new ApiError("transport", "unknown call", `No call ${area}.${name}`);
            return call(input);
          });
        return cache[name];
      },
    });
    areas.set(area, calls);
    return calls;
  };
  return new Proxy({} as Api, {
    get: (_, area) => (typeof area === "string" && area !== "then" ? areaOf(area) : undefined),
  });
}
