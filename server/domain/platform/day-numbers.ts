import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The sequences behind the numbers people read: order codes, application codes, bill numbers. */
export type DayNumberSequence = "order_code_seq" | "application_code_seq" | "application_bill_no_seq";

/** yyyymmdd (UTC) and the sequence's next value, zero-padded to `digits`: unique, digits only, sorted by creation. */
export async function nextDayNumber(
  trx: Kysely<DB>,
  sequence: DayNumberSequence,
  digits: number,
  now: Date,
): Promise<string> {
  const { rows } = await sql<{ n: string }>`select nextval(${sequence}::regclass)::text as n`.execute(trx);
  return `${now.toISOString().slice(0, 10).replaceAll("-", "")}${rows[0]!.n.padStart(digits, "0")}`;
}
