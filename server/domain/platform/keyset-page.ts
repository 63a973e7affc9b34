import { createHash } from "node:crypto";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { listTotalCap } from "../../../contracts/schemas/list.ts";
import type { DB } from "../../db/schema.ts";
import { type JsonColumns, jsonColumns, jsonRows } from "./json-batches.ts";
import { fail, ok, type Outcome } from "./outcome.ts";
import { seal, unseal } from "./secret-box.ts";

/**
 * A list's keyset: its name, bound into its cursors, and its sort, newest first: a time column, then the
 * row's id. An index on (merchant_id, time desc, id desc) serves it (docs/architecture.md section 5, "Lists").
 */
export interface KeysetList {
  name: string;
  time: string;
  id: string;
}

/** Who asks and with which filters: a cursor is valid only for the same merchant, list and filters. */
export interface KeysetRequest {
  secret: Buffer;
  merchantId: string;
  /** The area's filters as sent (without cursor and page size); an absent filter and an empty one are the same. */
  filters: Record<string, unknown>;
  cursor?: string | undefined;
  pageSize: number;
  /** Where counting stops (the wire's `listTotalCap`; a test counts to less). */
  totalCap?: number;
}

export interface KeysetPage<Row> {
  rows: Row[];
  pageSize: number;
  nextCursor: string | null;
  previousCursor: string | null;
  total: number | null;
  totalCapped: boolean;
}

export const listCursorInvalidMessage = "This page of the list no longer matches your search: search again";

type Direction = "after" | "before";
interface Position {
  direction: Direction;
  /** The row's time as PostgreSQL prints it in UTC, to the microsecond (a JavaScript Date keeps milliseconds only). */
  time: string;
  id: string;
}

const cursorPurpose = "list-cursor";

/** The filters in one canonical form, so that a cursor made under them is refused under any others. */
function filtersDigest(filters: Record<string, unknown>): string {
  const present = Object.keys(filters)
    .filter((key) => filters[key] !== undefined && filters[key] !== "")
    .sort()
    .map((key) => [key, filters[key]]);
  return createHash("sha256").update(JSON.stringify(present)).digest("base64url");
}

const contextOf = (list: KeysetList, request: KeysetRequest) =>
  `${list.name}\n${request.merchantId}\n${filtersDigest(request.filters)}`;

function makeCursor(list: KeysetList, request: KeysetRequest, position: Position): string {
  return seal(request.secret, cursorPurpose, contextOf(list, request), JSON.stringify(position));
}

function readCursor(list: KeysetList, request: KeysetRequest, cursor: string): Position | null {
  try {
    const position = JSON.parse(unseal(request.secret, cursorPurpose, contextOf(list, request), cursor)) as Position;
    const wellFormed =
      (position.direction === "after" || position.direction === "before") &&
      typeof position.time === "string" &&
      typeof position.id === "string";
    return wellFormed ? position : null;
  } catch {
    return null;
  }
}

/** A row's place in its list, as keyset batches and cursors read it with the row. */
export interface KeyColumns {
  keyset_time: string;
  keyset_id: string;
}

/**
 * One page of `query` (the area's rows for this merchant, filters applied, no order): the rows after or before the
 * cursor's row in the list's order, at most `pageSize`, with the cursors around them. No OFFSET: each page is an index
 * range scan from its cursor. The total is counted, up to `listTotalCap`, on the first page only.
 *
 * A cursor back past the newest row (rows above it went away, or it reached the top) answers the first page; so does a
 * cursor forward past the oldest row (the rows below it went away). `countQuery`, when given, selects the same rows
 * more cheaply for the count (fewer joins).
 */
export async function keysetPage<QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  request: KeysetRequest,
  countQuery: SelectQueryBuilder<QDB, TB, O> = query,
): Promise<Outcome<KeysetPage<O>>> {
  const position = request.cursor ? readCursor(list, request, request.cursor) : null;
  if (request.cursor && !position) return fail(errCodes.listCursorInvalid, listCursorInvalidMessage, 400);
  const size = request.pageSize;
  if (position) {
    const rows = await fetchFrom(query, list, position, size + 1);
    const more = rows.length > size;
    const page = rows.slice(0, size);
    if (page.length > 0 && (position.direction === "after" || more)) {
      const inOrder = position.direction === "after" ? page : page.reverse();
      const hasNext = position.direction === "after" ? more : true;
      const hasPrevious = position.direction === "before" ? more : true;
      return ok(finish(inOrder, list, request, { hasNext, hasPrevious, total: null, totalCapped: false }));
    }
  }
  const cap = request.totalCap ?? listTotalCap;
  const [rows, counted] = await Promise.all([fetchFrom(query, list, null, size + 1), countCapped(db, countQuery, cap)]);
  return ok(
    finish(rows.slice(0, size), list, request, {
      hasNext: rows.length > size,
      hasPrevious: false,
      total: Math.min(counted, cap),
      totalCapped: counted > cap,
    }),
  );
}

/** A list's page as the wire answers it: `keysetPage`'s rows turned into the wire's rows by `toWire`. */
export async function wirePage<QDB, TB extends keyof QDB, O, W>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  request: KeysetRequest,
  toWire: (row: O) => W,
  countQuery: SelectQueryBuilder<QDB, TB, O> = query,
): Promise<Outcome<Omit<KeysetPage<O>, "rows"> & { items: W[] }>> {
  const page = await keysetPage(db, query, list, request, countQuery);
  if (!page.ok) return page;
  const { rows, ...paging } = page.data;
  return ok({ ...paging, items: rows.map(toWire) });
}

/**
 * Every row of `query` in the list's order, read a batch at a time from the last row read (an index range scan each,
 * as a page is): memory holds two batches (the one written, the next one read meanwhile), and each batch is a query of
 * its own, so a long export never holds a connection (PGlite has one) or a snapshot while other merchants' requests
 * wait.
 */
export async function* keysetRows<QDB, TB extends keyof QDB, O>(
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  batchSize = 500,
): AsyncGenerator<O> {
  for await (const batch of keysetBatches(query, list, batchSize))
    for (const { keyset_time: _time, keyset_id: _id, ...row } of batch) yield row as O;
}

/**
 * `keysetRows`' batches as read, each row still carrying its key columns (`keyset_time`, `keyset_id`): a download maps
 * a whole batch to the wire at once, without copying each row to drop them. With `db`, the batches after the first
 * come as one row of JSON each (json-batches.ts), the same rows as the drivers would give. With `after` (a row read
 * before), the rows after it.
 */
export async function* keysetBatches<QDB, TB extends keyof QDB, O>(
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  batchSize = 500,
  db?: Kysely<DB>,
  after?: KeyColumns,
): AsyncGenerator<ReadonlyArray<O & KeyColumns>> {
  let columns: JsonColumns | null = null;
  const read = (position: Position | null): Promise<Array<O & KeyColumns>> => {
    const batch =
      db && columns
        ? jsonRows<O & KeyColumns>(db, keyedFrom(query, list, position, batchSize), columns)
        : fetchFrom(query, list, position, batchSize);
    // Its failure is met when the batch is awaited; meanwhile (the reader busy, or waiting) it is not unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  let next: Promise<Array<O & KeyColumns>> | null = read(
    after ? { direction: "after", time: after.keyset_time, id: after.keyset_id } : null,
  );
  try {
    while (next) {
      const rows: Array<O & KeyColumns> = await next;
      const last = rows.at(-1);
      if (db && !columns && last && rows.length === batchSize)
        columns = await jsonColumns(db, keyedFrom(query, list, null, 1), last);
      // The next batch is read while this one is written out: the database and the writer work side by side.
      next =
        last && rows.length === batchSize
          ? read({ direction: "after", time: last.keyset_time, id: last.keyset_id })
          : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A reader that stopped early (a cancelled download) leaves a read under way: its end is of no interest.
    next?.catch(() => undefined);
  }
}

function finish<O>(
  rows: Array<O & KeyColumns>,
  list: KeysetList,
  request: KeysetRequest,
  page: { hasNext: boolean; hasPrevious: boolean; total: number | null; totalCapped: boolean },
): KeysetPage<O> {
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows: rows.map(({ keyset_time: _time, keyset_id: _id, ...row }) => row as O),
    pageSize: request.pageSize,
    nextCursor:
      page.hasNext && last
        ? makeCursor(list, request, { direction: "after", time: last.keyset_time, id: last.keyset_id })
        : null,
    previousCursor:
      page.hasPrevious && first
        ? makeCursor(list, request, { direction: "before", time: first.keyset_time, id: first.keyset_id })
        : null,
    total: page.total,
    totalCapped: page.totalCapped,
  };
}

/** Rows from a position in the list's order (newest first; oldest first when going back), with their keys. */
function fetchFrom<QDB, TB extends keyof QDB, O>(
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  position: Position | null,
  limit: number,
): Promise<Array<O & KeyColumns>> {
  return keyedFrom(query, list, position, limit).execute() as Promise<Array<O & KeyColumns>>;
}

/** `fetchFrom`'s query, not yet run. */
function keyedFrom<QDB, TB extends keyof QDB, O>(
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  position: Position | null,
  limit: number,
): SelectQueryBuilder<DB, keyof DB, object> {
  const time = sql.ref(list.time);
  const id = sql.ref(list.id);
  const back = position?.direction === "before";
  let keyed = withKeys(query, list);
  if (position) {
    const key = sql`(${sql.val(position.time)}::timestamptz, ${sql.val(position.id)}::int8)`;
    keyed = keyed.where(back ? sql<boolean>`(${time}, ${id}) > ${key}` : sql<boolean>`(${time}, ${id}) < ${key}`);
  }
  return inListOrder(keyed, list, back ? "asc" : "desc").limit(limit);
}

/** `query`'s rows with their keys, in the list's order, newest first, all of them (a file's cursor reads them). */
export const keyedInOrder = <QDB, TB extends keyof QDB, O>(query: SelectQueryBuilder<QDB, TB, O>, list: KeysetList) =>
  inListOrder(withKeys(query, list), list);

/** `query`'s rows with their keys. The query's own row type does not know them: typed back by the callers. */
const withKeys = <QDB, TB extends keyof QDB, O>(query: SelectQueryBuilder<QDB, TB, O>, list: KeysetList) =>
  (query as unknown as SelectQueryBuilder<DB, keyof DB, object>).select([
    sql<string>`to_char(${sql.ref(list.time)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("keyset_time"),
    sql<string>`${sql.ref(list.id)}::text`.as("keyset_id"),
  ]);

/** `query`'s rows in the list's order: newest first (its time, then its id), or oldest first. */
function inListOrder<QDB, TB extends keyof QDB, O>(
  query: SelectQueryBuilder<QDB, TB, O>,
  list: KeysetList,
  order: "asc" | "desc" = "desc",
): SelectQueryBuilder<QDB, TB, O> {
  const untyped = query as unknown as SelectQueryBuilder<DB, keyof DB, object>;
  return untyped.orderBy(sql.ref(list.time), order).orderBy(sql.ref(list.id), order) as unknown as typeof query;
}

/** How many rows the query selects, counting no further than one past the cap. */
async function countCapped<QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  cap: number,
) {
  const capped = (query as unknown as SelectQueryBuilder<DB, keyof DB, object>)
    .clearSelect()
    .select(sql<number>`1`.as("one"))
    .limit(cap + 1)
    .as("capped");
  const counted = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}
