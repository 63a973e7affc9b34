import type * as z from "zod/mini";
import { type FieldErrors, fieldErrorsOf } from "../api-failure.ts";
import { toInstant } from "./search-time.ts";

/**
 * A list's search form as the merchant filled it in, field by field: a select's value ("" for any), the text typed,
 * or a date-time field's local value ("" leaves that end open).
 */
export type ListSearch = Readonly<Record<string, string>>;

/**
 * One field of a list's search form: what the form draws and how the field goes into the request.
 * - `text`: trimmed (`numeric` brings the digits keyboard; `code` no spelling check: `"hex"` a hash or an
 *   address, hinted 0x…, `"id"` an identifier of the merchant's own, typed as it is);
 * - `choice`: one of `options` (each labelled `<optionLabels>.<option>`) or any (labelled `any`);
 * - `application`: one of the merchant's applications once they have arrived with the first page, a code until then;
 * - `from` / `until`: the two ends of the list's time range, sent as instants (the end takes in its whole minute).
 * Every label is an i18n key; a field's own is `<area>.search.<name>`.
 */
export type SearchField =
  | { name: string; kind: "text"; numeric?: boolean; code?: "hex" | "id" }
  | { name: string; kind: "choice"; options: readonly string[]; optionLabels: string; any: string }
  | { name: string; kind: "application" }
  | { name: string; kind: "from" | "until" };

/** The schema a list's request is checked with (zod's `safeParse`), as the wire's contract defines it. */
export interface RequestSchema<R> {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
  };
  parse(value: unknown): R;
}

/**
 * A list area for the list framework: its name (the i18n prefix and the test ids), its search form's fields,
 * its request's schema, its page sizes, how a row is named, and whether its rows arrive live. Everything else — search
 * with its checks, keyset paging, retry, details, live rows and polling — is the one list machine's.
 */
export interface ListArea<Request = unknown, Row = unknown, Filters = never> {
  name: string;
  fields: readonly SearchField[];
  requestSchema: RequestSchema<Request>;
  /** Its export's request (the filters without paging), when the list has a CSV file. */
  exportSchema?: RequestSchema<Filters>;
  pageSizes: readonly number[];
  defaultPageSize: number;
  rowKey(row: Row): string;
  /** The rows stream as they change: the list follows the stream, and polls when it fails. */
  live: boolean;
  /** A row's details come with a call of their own (`loadDetail`) rather than from the row. */
  detailLoads?: boolean;
  /**
   * What a row offers besides its details, and when: a `dialog` action opens a dialog with a machine of its own, and
   * the list is asked for again when it closes (`action.done`); a `call` action is the call `runAction`, whose answer
   * is the row as it is now.
   */
  actions?: Readonly<Record<string, RowAction<Row>>>;
}

export interface RowAction<Row> {
  kind: "dialog" | "call";
  allowed(row: Row): boolean;
}

/** A list area as the machine holds it, whatever its request and rows. */
// biome-ignore lint/suspicious/noExplicitAny: the machine holds every area; the area's own code keeps its types.
export type AnyListArea = ListArea<any, any, any>;

/** The endpoint rows a list is defined by (contracts/endpoints/*): its pages, and its file when it has one. */
interface PagesEndpoint {
  area: string;
  call: string;
  body: z.ZodMiniType;
  result: z.ZodMiniType<{ items: readonly unknown[] }>;
}
interface FileEndpoint {
  body: z.ZodMiniType;
  download: true;
}
type Output<S> = S extends z.ZodMiniType ? z.output<S> : never;
/** The request of a list's pages, as its endpoint's body schema gives it. */
export type RequestOf<E extends { body: z.ZodMiniType }> = Output<E["body"]>;
/** One row of a list, as its endpoint's answer (`listPage(row)`) gives it. */
export type RowOf<E extends PagesEndpoint> = Output<E["result"]>["items"][number];

/** What an area says of itself; its request's and its export's schemas come from its endpoints. */
export type ListAreaConfig<Request, Row> = Omit<ListArea<Request, Row>, "requestSchema" | "exportSchema">;

/** Which call of the client (`api.<area>.<call>`) answers a list's pages. */
export interface PagesCall<A extends string = string, C extends string = string> {
  area: A;
  call: C;
}

/**
 * A list area typed by its endpoints: its request, its rows and its export's filters are the endpoint rows' own, so
 * what provides and selects it (src/app/list-service.ts, list-selectors.ts) needs no cast; it names its pages' call,
 * so a list that only asks for pages is provided from the area alone (`provideListPages`).
 */
export function listArea<P extends PagesEndpoint, F extends FileEndpoint | undefined = undefined>(
  endpoints: { pages: P; file?: F },
  config: ListAreaConfig<RequestOf<P>, RowOf<P>>,
): ListArea<RequestOf<P>, RowOf<P>, F extends FileEndpoint ? RequestOf<F> : never> & {
  pages: PagesCall<P["area"], P["call"]>;
} {
  const exportSchema = endpoints.file?.body;
  return {
    ...config,
    requestSchema: endpoints.pages.body,
    ...(exportSchema ? { exportSchema } : {}),
    pages: { area: endpoints.pages.area, call: endpoints.pages.call },
  } as ListArea<RequestOf<P>, RowOf<P>, F extends FileEndpoint ? RequestOf<F> : never> & {
    pages: PagesCall<P["area"], P["call"]>;
  };
}

export const emptySearchOf = (area: Pick<ListArea, "fields">): ListSearch =>
  Object.fromEntries(area.fields.map((field) => [field.name, ""]));

/** The search's own fields, whatever else an event or a form brought along. */
export const searchFrom = (area: Pick<ListArea, "fields">, values: Readonly<Record<string, unknown>>): ListSearch =>
  Object.fromEntries(
    area.fields.map((field) => {
      const value = values[field.name];
      return [field.name, typeof value === "string" ? value : ""];
    }),
  );

export const isFiltered = (search: ListSearch): boolean => Object.values(search).some((value) => value.trim() !== "");

/** The request of one page for a search: the fields filled in (trimmed, times as instants), then the paging. */
export function listRequestOf<R>(
  area: Pick<ListArea<R>, "fields">,
  search: ListSearch,
  paging: { cursor?: string; pageSize?: number } = {},
): R {
  const request: Record<string, unknown> = {};
  for (const field of area.fields) {
    const value = (search[field.name] ?? "").trim();
    if (value === "") continue;
    request[field.name] =
      field.kind === "from" ? toInstant(value, "start") : field.kind === "until" ? toInstant(value, "end") : value;
  }
  return { ...request, ...paging } as R;
}

/** The form's problems (i18n keys by field): the request schema's, and an end before the start. */
export function listSearchErrors(area: Pick<ListArea, "name" | "fields" | "requestSchema">, search: ListSearch) {
  const request = listRequestOf<Record<string, unknown>>(area, search);
  const errors: FieldErrors = fieldErrorsOf(area.requestSchema.safeParse(request));
  const from = area.fields.find((field) => field.kind === "from")?.name;
  const until = area.fields.find((field) => field.kind === "until")?.name;
  if (!from || !until || errors[from] || errors[until]) return errors;
  const [start, end] = [request[from], request[until]];
  if (typeof start === "string" && typeof end === "string" && Date.parse(end) < Date.parse(start))
    errors[until] = `${area.name}.search.endBeforeStart`;
  return errors;
}

export const isValidSearch = (area: AnyListArea, search: ListSearch) =>
  Object.keys(listSearchErrors(area, search)).length === 0;
