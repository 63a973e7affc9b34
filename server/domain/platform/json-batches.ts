import { type Kysely, PGliteAdapter, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * How a column travels in a batch's JSON so that it reads back as the drivers answer it (pg and PGlite, as
 * open-database.ts sets them up): "text" as a JSON string (text, numeric and int8 — money never becomes a JS number),
 * "time" as ISO 8601 text turned into a Date (milliseconds, truncated, as the drivers' Dates are), "json" as it is (an
 * int4, a boolean, a json value: JSON already holds them as the drivers do).
 */
type Carriage = "text" | "time" | "json";

const carriageOf: Record<string, Carriage> = {
  text: "text",
  "character varying": "text",
  character: "text",
  numeric: "text",
  bigint: "text",
  uuid: "text",
  integer: "json",
  smallint: "json",
  boolean: "json",
  json: "json",
  jsonb: "json",
  "timestamp with time zone": "time",
};

/**
 * Whether batches of JSON pay on this database: on PGlite (its reader of the wire protocol is the bottleneck), not on
 * PostgreSQL, where the server's JSON made exports slower (npm run bench:lists, 36,600 -> 26,900 rows/s; pg's reader
 * works beside the server, on the other core). Known by the dialect's adapter, which plugins and transactions keep.
 */
export const batchesAsJsonPay = (db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof PGliteAdapter;

export interface JsonColumns {
  names: string[];
  carriages: Carriage[];
}

type Rows = SelectQueryBuilder<DB, keyof DB, object>;

/**
 * The columns of `query` (the names its rows have, `sample`) and how each can travel as JSON, asked of the database
 * (pg_typeof over one row); null when a column is of a type not carried here, and the rows are then read as they are.
 */
export async function jsonColumns(db: Kysely<DB>, query: Rows, sample: object): Promise<JsonColumns | null> {
  const names = Object.keys(sample);
  const types = sql.join(names.map((name) => sql`pg_typeof(t.${sql.ref(name)})::text`));
  const described = await sql<{
    types: string[];
  }>`select array[${types}] as types from (${query.limit(1)}) as t`.execute(db);
  const row = described.rows[0];
  if (!row) return null;
  const carriages = row.types.map((type) => carriageOf[type]);
  return carriages.every((carriage) => carriage !== undefined) ? { names, carriages: carriages as Carriage[] } : null;
}

const cellOf = (name: string, carriage: Carriage): RawBuilder<unknown> => {
  const ref = sql.ref(`t.${name}`);
  if (carriage === "text") return sql`${ref}::text`;
  if (carriage === "time") return sql`to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`${ref}`;
};

/**
 * The rows of `query` (ordered and limited) as ONE row of JSON text, parsed here: PGlite's reader of the wire protocol
 * cost more per row than everything else of an export together, and a row per batch leaves it one message to read.
 * Each row comes as an array of its cells (no names to send and parse again), made back into the row the drivers give.
 */
export async function jsonRows<O>(db: Kysely<DB>, query: Rows, columns: JsonColumns): Promise<O[]> {
  const { names, carriages } = columns;
  const cells = sql.join(names.map((name, i) => cellOf(name, carriages[i]!)));
  // json_agg keeps the subquery's order (ORDER BY … LIMIT in it, nothing in between that could sort again).
  const result = await sql<{ rows: string | null }>`select json_agg(json_build_array(${cells}))::text as rows
    from (${query}) as t`.execute(db);
  const text = result.rows[0]?.rows;
  if (!text) return [];
  const arrays = JSON.parse(text) as unknown[][];
  const times = carriages.flatMap((carriage, i) => (carriage === "time" ? [i] : []));
  const rows = new Array<O>(arrays.length);
  for (let r = 0; r < arrays.length; r++) {
    const cells = arrays[r]!;
    for (const i of times) if (cells[i] !== null) cells[i] = new Date(cells[i] as string);
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = cells[i];
    rows[r] = row as O;
  }
  return rows;
}
