import type * as z from "zod/mini";
import { endpoint } from "./endpoint.ts";

/** A list's two calls: its keyset pages and the CSV file of the same filters. */
interface ListCalls<Area, Pages, File, Request, Result, Filters, Row> {
  area: Area;
  /** The rows' names in the endpoint table: `<names>List` and `<names>Export`. */
  names: string;
  /** Where its pages are asked for (`<path>/List`) and its file (`<path>/Export`), or the two paths. */
  path: string | { pages: string; file: string };
  /** The client's names for them: `api[area].list` and `api[area].export` unless they are others. */
  calls?: { pages: Pages; file: File };
  /** The pages' request (`z.strictObject({ ...filters, ...listPaging(max) })`) and answer (`listPage(row)`). */
  request: Request;
  result: Result;
  /** The file's request (`z.strictObject(filters)`) and one line of it. */
  filters: Filters;
  row: Row;
}

interface ListRow<Area, Call, Body, Result> {
  readonly area: Area;
  readonly call: Call;
  readonly method: "POST";
  readonly path: string;
  readonly body: Body;
  readonly query: null;
  readonly result: Result;
  readonly auth: true;
  readonly source: "proposed";
}

/**
 * The endpoint rows of a list (contracts/endpoints/<area>.ts spreads them into its table): its pages and its file,
 * which differ only in path, schemas and `download`.
 */
export function listEndpoints<
  const Area extends string,
  const Names extends string,
  Request extends z.ZodMiniType,
  Result extends z.ZodMiniType,
  Filters extends z.ZodMiniType,
  Row extends z.ZodMiniType,
  const Pages extends string = "list",
  const File extends string = "export",
>(
  list: ListCalls<Area, Pages, File, Request, Result, Filters, Row> & { names: Names },
  // NoInfer: the table's contextual type (any `Endpoint`) must not widen the calls' names to string.
): Record<`${Names}List`, ListRow<Area, NoInfer<Pages>, Request, Result>> &
  Record<`${Names}Export`, ListRow<Area, NoInfer<File>, Filters, Row> & { readonly download: true }> {
  const paths = typeof list.path === "string" ? { pages: `${list.path}/List`, file: `${list.path}/Export` } : list.path;
  const common = { area: list.area, method: "POST", query: null, auth: true, source: "proposed" } as const;
  const pages = endpoint({
    ...common,
    call: list.calls?.pages ?? ("list" as Pages),
    path: paths.pages,
    body: list.request,
    result: list.result,
  });
  const file = endpoint({
    ...common,
    call: list.calls?.file ?? ("export" as File),
    path: paths.file,
    body: list.filters,
    result: list.row,
    download: true,
  });
  return { [`${list.names}List`]: pages, [`${list.names}Export`]: file } as Record<`${Names}List`, typeof pages> &
    Record<`${Names}Export`, typeof file>;
}
