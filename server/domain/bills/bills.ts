import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { Kysely } from "kysely";
import type { AppBill, BillExportRequest, BillListRequest, BillListResult } from "../../../contracts/schemas/bills.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import type { CsvDownload } from "../platform/csv-download.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import { wireFile } from "../platform/wire-file.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { billsToCount, toWireBill, wireBillQuery } from "./bill-wire.ts";

export const defaultBillPageSize = 10;
export const billNotFoundMessage = "No such bill";

/** What a bill search may name: the console's filters, and the open API's (its application, an end user). */
export interface BillSearch extends BillListRequest {
  /** The open API's caller: its application's bills only. */
  applicationId?: string | undefined;
  endUserId?: string | undefined;
}

/** The bills' keyset: newest seen first, then by id (application_bills_by_merchant serves it). */
const billKeyset: KeysetList = { name: "bills", time: "b.seen_at", id: "b.id" };
/** The open API's: an application's own bills (application_bills_by_application); its cursors are not the console's. */
const openApiBillKeyset: KeysetList = { ...billKeyset, name: "open-api-bills" };

/**
 * The merchant's bills the filters select, as the wire shows them, in no order yet. An empty filter is no filter.
 * Hashes and addresses are whole values in any case: an address matches the deposit address or the sender.
 */
export function filteredBills(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  filters: Omit<BillSearch, "cursor" | "pageSize">,
  from = wireBillQuery(db, scope.merchantId),
) {
  let query = from;
  if (filters.applicationId)
    // The open API's bills are its end users' deposits: an invoice's money is read as its invoice (open-api-invoices).
    query = query.where("b.application_id", "=", filters.applicationId).where("da.invoice_id", "is", null);
  if (filters.appCode) query = query.where("a.app_code", "=", filters.appCode);
  if (filters.endUserId) query = query.where("da.end_user_id", "=", filters.endUserId);
  if (filters.status) query = query.where("b.status", "=", filters.status);
  if (filters.noticeStatus) query = query.where("b.notice_status", "=", filters.noticeStatus);
  if (filters.startTime) query = query.where("b.seen_at", ">=", searchTime(filters.startTime));
  if (filters.endTime) query = query.where("b.seen_at", "<=", searchTime(filters.endTime));
  if (filters.txHash) {
    const hash = filters.txHash.toLowerCase();
    query = query.where((eb) => eb(eb.fn("lower", ["ct.tx_hash"]), "=", hash));
  }
  if (filters.address) {
    const address = filters.address.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["ct.to_address"]), "=", address),
        eb(eb.fn("lower", ["ct.from_address"]), "=", address),
      ]),
    );
  }
  return query;
}

/** The merchant's bills, newest first (seen, then id), filtered; a keyset page (platform/keyset-page.ts). */
export async function searchBills(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  search: BillSearch,
  { currencies, secret }: { currencies: CurrencyRegistry; secret: Buffer },
): Promise<Outcome<BillListResult>> {
  const { cursor, pageSize = defaultBillPageSize, ...filters } = search;
  const keyset = filters.applicationId ? openApiBillKeyset : billKeyset;
  const query = filteredBills(db, scope, filters);
  const counted = filteredBills(db, scope, filters, billsToCount(db, scope.merchantId));
  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  return wirePage(db, query, keyset, request, (row) => toWireBill(row, currencies), counted);
}

/**
 * Application bills as a CSV file: every bill the filters select, newest first, each as the list shows it; read as the
 * file is sent (platform/wire-file.ts: a cursor on PostgreSQL, keyset batches on PGlite). Named by the day it was made
 * (UTC).
 */
export function exportBills(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: BillExportRequest,
  { currencies, now }: { currencies: CurrencyRegistry; now: Date },
): Outcome<CsvDownload<AppBill>> {
  const fileName = `application-bills-${now.toISOString().slice(0, 10)}.csv`;
  return wireFile(db, filteredBills(db, scope, filters), billKeyset, fileName, (row) => toWireBill(row, currencies));
}

/** Application bills in the console: the signed-in merchant's own. */
export function listBills(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: BillListRequest,
  settings: { currencies: CurrencyRegistry; secret: Buffer },
): Promise<Outcome<BillListResult>> {
  return searchBills(db, scope, filters, settings);
}

/**
 * The merchant's bill of that number as the wire shows it, or null (another merchant's number included: its row is
 * never read; with `applicationId`, another application's too, and an invoice's). The event stream answers exactly this.
 */
export async function billForWire(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  billNo: string,
  currencies: CurrencyRegistry,
  applicationId?: string,
): Promise<AppBill | null> {
  let query = wireBillQuery(db, scope.merchantId).where("b.bill_no", "=", billNo);
  if (applicationId) query = query.where("b.application_id", "=", applicationId).where("da.invoice_id", "is", null);
  const row = await query.executeTakeFirst();
  return row ? toWireBill(row, currencies) : null;
}

/** A bill's details; unknown (or another merchant's) → billNotFound. */
export async function billDetail(
  db: Kysely<DB>,
  scope: MerchantScope,
  billNo: string,
  currencies: CurrencyRegistry,
): Promise<Outcome<AppBill>> {
  const bill = await billForWire(db, scope, billNo, currencies);
  return bill ? ok(bill) : fail(errCodes.billNotFound, billNotFoundMessage);
}
