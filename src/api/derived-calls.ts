import type * as z from "zod/mini";
import type { Area, Endpoint, EndpointName, Endpoints } from "../../contracts/endpoints.ts";
import type { CallInput } from "./client.ts";
import type { DownloadCall, DownloadedFile, DownloadOptions } from "./download.ts";

/** `"/api/wallet/{product}Client/GetUserWallet"` → `"product"`. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

type Fields<S> = S extends z.ZodMiniType ? z.input<S> : unknown;

/** One argument: the body's or the query's fields, with the path's parameters beside them. */
export type InputOf<E extends Endpoint> = Fields<E["body"]> &
  Fields<E["query"]> & { [K in PathParams<E["path"]>]: string };

type Output<E extends Endpoint> = Promise<z.infer<E["result"]>>;

/** Optional when every field is: `api.orders.packages()`. A download resolves to its file, telling its progress. */
export type CallOf<E extends Endpoint> = E extends { download: true }
  ? (input: InputOf<E>, options?: DownloadOptions) => Promise<DownloadedFile>
  : Record<never, never> extends InputOf<E>
    ? (input?: InputOf<E>) => Output<E>
    : (input: InputOf<E>) => Output<E>;

type EnvelopeNamesOf<A extends Area> = {
  [N in EndpointName]: Endpoints[N] extends { area: A; stream?: undefined } ? N : never;
}[EndpointName];

/** Every envelope call of contracts/endpoints.ts, grouped by area: `api.orders.list({ page: 2 })`. */
export type DerivedCalls = {
  [A in Area]: { [N in EnvelopeNamesOf<A> as Endpoints[N]["call"]]: CallOf<Endpoints[N]> };
};

export type EnvelopeCall = (endpoint: Endpoint, input: CallInput) => Promise<unknown>;

const pathParamNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** Splits the one argument into path parameters and the body or the query. */
export function toCallInput(endpoint: Endpoint, input: Record<string, unknown> = {}): CallInput {
  const names = new Set(pathParamNames(endpoint.path));
  const params: Record<string, string> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (names.has(key)) params[key] = String(value);
    else rest[key] = value;
  }
  // No endpoint has both a body and a query (endpoints.test.ts): the fields go to whichever it has.
  if (endpoint.body || (endpoint.method === "POST" && !endpoint.query)) return { params, body: rest };
  const query = Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return { params, query };
}

/** The client's calls, derived from the endpoint table (streams excepted: they are not one answer). */
export function deriveCalls(endpoints: Endpoints, call: EnvelopeCall, download: DownloadCall): DerivedCalls {
  const calls: Record<
    string,
    Record<string, (input?: Record<string, unknown>, options?: DownloadOptions) => Promise<unknown>>
  > = {};
  for (const endpoint of Object.values(endpoints) as Endpoint[]) {
    if (endpoint.stream) continue;
    const area = calls[endpoint.area] ?? {};
    calls[endpoint.area] = area;
    if (area[endpoint.call]) throw new Error(`two endpoints are called ${endpoint.area}.${endpoint.call}`);
    area[endpoint.call] = endpoint.download
      ? (input, options?: DownloadOptions) => download(endpoint, toCallInput(endpoint, input), options)
      : (input) => call(endpoint, toCallInput(endpoint, input));
  }
  return calls as unknown as DerivedCalls;
}
