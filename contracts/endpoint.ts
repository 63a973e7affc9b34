import type * as z from "zod/mini";

export type Method = "GET" | "POST";

export interface Endpoint {
  /**
   * The console's area the call belongs to, the file of contracts/endpoints/ it is in; with `call`, the client's name
   * for it: `api[area][call]` (unique per area; endpoints.test.ts checks).
   */
  area: string;
  call: string;
  method: Method;
  /** Path as the console calls it; `{name}` marks a path parameter. */
  path: string;
  /** Body schema (POST) or null when the call sends none. */
  body: z.ZodMiniType | null;
  /** Query-string schema or null. */
  query: z.ZodMiniType | null;
  result: z.ZodMiniType;
  /** Needs `Authorization: Bearer <token>`. */
  auth: boolean;
  /** `documented` in spec section 7, or `proposed` by us where the spec says "not shown". */
  source: "documented" | "proposed";
  /**
   * Server-sent events instead of one envelope: `result` is each event's data. Refusals before the stream starts
   * are envelopes. Served by its own route (server/http/live-streams.ts), not the handler table; called `watch` in its
   * area (`api.bills.watch(query, { onEvent, onError })`, src/api/stream-calls.ts).
   */
  stream?: true;
  /** A stream's event name: each event's `event:` line, and the stream's name in the server's live notifications. */
  event?: string;
  /**
   * A file instead of one envelope: the answer is CSV (`text/csv`, streamed, a header line then one line per row), and
   * `result` is one row's schema, whose fields are the columns in order. Refusals before the file starts are envelopes.
   * The client's call resolves to the file (src/api/download.ts); the handler answers the rows (server/http/csv-file.ts).
   */
  download?: true;
}

/** A row of the endpoint table, its literal types kept. */
export const endpoint = <const E extends Endpoint>(e: E) => e;
