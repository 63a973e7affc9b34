import type * as z from "zod/mini";
import type { EveryKeyOnce, Merged } from "./area-tables.ts";
import type { Endpoint } from "./endpoint.ts";
import { areaTables } from "./endpoint-tables.ts";

export { type Endpoint, endpoint, type Method } from "./endpoint.ts";

/**
 * The areas' tables, one file each in contracts/endpoints/, collected by scripts/registries.ts into endpoint-tables.ts.
 * No key may be in two of them: the typecheck fails on `everyKeyOnce` below, naming it.
 */
export { areaTables };

export const everyKeyOnce: EveryKeyOnce<typeof areaTables> = true;

/** Every call the console makes. The server registers its routes from this table; the tests walk it. */
export const endpoints = Object.assign({}, ...areaTables) as {
  [N in keyof Merged<typeof areaTables>]: Merged<typeof areaTables>[N];
} satisfies Record<string, Endpoint>;

/** The console's areas: the client's calls are grouped by them (`api.orders.list`). */
export type Area = Endpoints[EndpointName]["area"];

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The calls answered with one envelope (every endpoint but the streams and the downloads). */
export type EnvelopeEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { stream: true } | { download: true } ? never : N;
}[EndpointName];
/** The calls answered with a CSV file. */
export type DownloadEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { download: true } ? N : never;
}[EndpointName];
/** The handler table's keys: every endpoint but the streams (served by routes of their own). */
export type HandledEndpointName = EnvelopeEndpointName | DownloadEndpointName;
export type ResultOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]["result"]>;

/** Fills `{name}` path parameters; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${path}`);
    return encodeURIComponent(value);
  });
}
