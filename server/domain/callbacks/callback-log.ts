import type { Kysely } from "kysely";
import type { CallbackAttempt, CallbackListRequest, CallbackListResult } from "../../../contracts/schemas/callbacks.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { searchTime } from "../platform/search-time.ts";
import { toWireAttempt, wireAttemptQuery } from "./callback-wire.ts";

export const defaultCallbackPageSize = 10;

/** The largest bigint: a longer id names no row (and PostgreSQL refuses to compare it with one). */
const maxId = 9_223_372_036_854_775_807n;
export const isRowId = (id: string) => /^\d{1,19}$/.test(id) && BigInt(id) <= maxId;

/**
 * The Transaction callbacks page: every delivery attempt of the merchant, newest first (sent, then id), filtered; a
 * page and the total. The times filter when the attempt was sent.
 */
export async function listCallbacks(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: CallbackListRequest,
): Promise<CallbackListResult> {
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? defaultCallbackPageSize;
  let query = wireAttemptQuery(db, scope.merchantId);
  if (search.appCode) query = query.where("a.app_code", "=", search.appCode);
  if (search.eventType) query = query.where("d.event_type", "=", search.eventType);
  if (search.result) query = query.where("at.succeeded", "=", search.result === "success");
  if (search.startTime) query = query.where("at.sent_at", ">=", searchTime(search.startTime));
  if (search.endTime) query = query.where("at.sent_at", "<=", searchTime(search.endTime));
  if (search.billNo) query = query.where("b.bill_no", "=", search.billNo);
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy("at.sent_at", "desc")
    .orderBy("at.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toWireAttempt), total: Number(total.n), page, pageSize };
}

/** One of the merchant's attempts as the wire shows it, or undefined (another merchant's included). */
export async function attemptForWire(
  db: Kysely<DB>,
  scope: MerchantScope,
  attemptId: string,
): Promise<CallbackAttempt | undefined> {
  if (!isRowId(attemptId)) return undefined;
  const row = await wireAttemptQuery(db, scope.merchantId).where("at.id", "=", attemptId).executeTakeFirst();
  return row ? toWireAttempt(row) : undefined;
}
