import type { Kysely } from "kysely";
import type {
  CallbackAttempt,
  CallbackExportRequest,
  CallbackListRequest,
  CallbackListResult,
} from "../../../contracts/schemas/callbacks.ts";
import type { DB } from "../../db/schema.ts";
import type { CsvDownload } from "../platform/csv-download.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import { wireFile } from "../platform/wire-file.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import type { Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { attemptsToCount, toWireAttempt, wireAttemptQuery } from "./callback-wire.ts";

export const defaultCallbackPageSize = 10;

/** The largest bigint: a longer id names no row (and PostgreSQL refuses to compare it with one). */
const maxId = 9_223_372_036_854_775_807n;
export const isRowId = (id: string) => /^\d{1,19}$/.test(id) && BigInt(id) <= maxId;

/** The attempts' keyset: newest sent first, then by id (callback_attempts_by_merchant serves it). */
const attemptKeyset: KeysetList = { name: "callbacks", time: "at.sent_at", id: "at.id" };

/**
 * The merchant's attempts the filters select, as the wire shows them (or counted: `attemptsToCount`), in no order yet.
 * The times are when sent.
 */
export function filteredAttempts(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  filters: CallbackExportRequest,
  from = wireAttemptQuery(db, scope.merchantId),
) {
  let query = from;
  if (filters.appCode) query = query.where("a.app_code", "=", filters.appCode);
  if (filters.eventType) query = query.where("d.event_type", "=", filters.eventType);
  if (filters.result) query = query.where("at.succeeded", "=", filters.result === "success");
  if (filters.startTime) query = query.where("at.sent_at", ">=", searchTime(filters.startTime));
  if (filters.endTime) query = query.where("at.sent_at", "<=", searchTime(filters.endTime));
  if (filters.billNo) query = query.where("b.bill_no", "=", filters.billNo);
  if (filters.invoiceId) query = query.where("i.public_id", "=", filters.invoiceId);
  return query;
}

/** The Transaction callbacks page: every delivery attempt of the merchant, newest first (sent, then id), filtered. */
export async function listCallbacks(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: CallbackListRequest,
  secret: Buffer,
): Promise<Outcome<CallbackListResult>> {
  const { cursor, pageSize = defaultCallbackPageSize, ...filters } = search;
  const query = filteredAttempts(db, scope, filters);
  const counted = filteredAttempts(db, scope, filters, attemptsToCount(db, scope.merchantId));
  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  return wirePage(db, query, attemptKeyset, request, toWireAttempt, counted);
}

/** Transaction callbacks as a CSV file: every attempt the filters select, newest first, read as the file is sent. */
export function exportCallbacks(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: CallbackExportRequest,
  now: Date,
): Outcome<CsvDownload<CallbackAttempt>> {
  const fileName = `transaction-callbacks-${now.toISOString().slice(0, 10)}.csv`;
  return wireFile(db, filteredAttempts(db, scope, filters), attemptKeyset, fileName, toWireAttempt);
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
