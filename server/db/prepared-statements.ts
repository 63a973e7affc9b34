import { createHash } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";

/**
 * Put first in a statement's text, it asks PostgreSQL to keep the statement prepared on each connection of the pool
 * (`PreparingClient`), so it is parsed and planned once per connection rather than per call: planning the open API's
 * few statements took more of PostgreSQL's time than running them (pg_stat_statements, docs/benchmarks.md). Only for a
 * statement whose text takes a bounded number of forms: every text stays prepared for the connection's life. PGlite
 * and a plain client read it as a comment.
 */
export const preparedMark = "/* prepared */";

/** `preparedMark` as a statement's first fragment: sql`${prepared} select …`. */
export const prepared = sql.raw("/* prepared */");

const names = new Map<string, string>();
/** Past this many texts a name is hashed each time again: a mark on a text of unbounded forms must not grow memory. */
const namesKept = 1_000;

/**
 * The name a marked text is prepared under: its hash, so one text is one statement and two never share a name. Kept
 * per text (a bounded few, as the mark requires): hashing the text again on every call cost about 15 µs a statement.
 */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `mc_${createHash("sha256").update(text).digest("base64url").slice(0, 32)}`;
    if (names.size < namesKept) names.set(text, name);
  }
  return name;
}

type Query = pg.Client["query"];

/** A pool's client that prepares the statements `preparedMark` marks; every other query goes as it came. */
export class PreparingClient extends pg.Client {}

const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

PreparingClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  if (typeof config === "string" && config.startsWith(preparedMark) && Array.isArray(values))
    return plainQuery.call(this, { name: nameOf(config), text: config, values }, callback);
  return plainQuery.call(this, config, values, callback);
} as Query;
