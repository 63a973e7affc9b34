import type { Kysely } from "kysely";
import type { AppBill, BillListRequest, BillListResult } from "../../../contracts/schemas/bills.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { type BillChain, toWireBill, wireBillQuery } from "./bill-wire.ts";

export const defaultBillPageSize = 10;
export const billNotFoundMessage = "No such bill";

/** What a bill search may name: the console's filters, and the open API's (its application, an end user). */
export interface BillSearch extends BillListRequest {
  /** The open API's caller: its application's bills only. */
  applicationId?: string | undefined;
  endUserId?: string | undefined;
}

/**
 * The merchant's bills, newest first (seen, then id), filtered; a page and the total. An empty filter is no filter.
 * Hashes and addresses are whole values in any case: an address matches the deposit address or the sender.
 */
export async function searchBills(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  search: BillSearch,
  chains: readonly BillChain[],
): Promise<BillListResult> {
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? defaultBillPageSize;
  let query = wireBillQuery(db, scope.merchantId);
  if (search.applicationId) query = query.where("b.application_id", "=", search.applicationId);
  if (search.appCode) query = query.where("a.app_code", "=", search.appCode);
  if (search.endUserId) query = query.where("da.end_user_id", "=", search.endUserId);
  if (search.status) query = query.where("b.status", "=", search.status);
  if (search.noticeStatus) query = query.where("b.notice_status", "=", search.noticeStatus);
  if (search.startTime) query = query.where("b.seen_at", ">=", searchTime(search.startTime));
  if (search.endTime) query = query.where("b.seen_at", "<=", searchTime(search.endTime));
  if (search.txHash) {
    const hash = search.txHash.toLowerCase();
    query = query.where((eb) => eb(eb.fn("lower", ["ct.tx_hash"]), "=", hash));
  }
  if (search.address) {
    const address = search.address.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["ct.to_address"]), "=", address),
        eb(eb.fn("lower", ["ct.from_address"]), "=", address),
      ]),
    );
  }
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy("b.seen_at", "desc")
    .orderBy("b.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map((row) => toWireBill(row, chains)), total: Number(total.n), page, pageSize };
}

/** Application bills in the console: the signed-in merchant's own. */
export function listBills(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: BillListRequest,
  chains: readonly BillChain[],
): Promise<BillListResult> {
  return searchBills(db, scope, filters, chains);
}

/**
 * The merchant's bill of that number as the wire shows it, or null (another merchant's number included: its row is
 * never read; with `applicationId`, another application's too). The event stream answers exactly this.
 */
export async function billForWire(
  db: Kysely<DB>,
  scope: AnyMerchantScope,
  billNo: string,
  chains: readonly BillChain[],
  applicationId?: string,
): Promise<AppBill | null> {
  let query = wireBillQuery(db, scope.merchantId).where("b.bill_no", "=", billNo);
  if (applicationId) query = query.where("b.application_id", "=", applicationId);
  const row = await query.executeTakeFirst();
  return row ? toWireBill(row, chains) : null;
}

/** A bill's details; unknown (or another merchant's) → billNotFound. */
export async function billDetail(
  db: Kysely<DB>,
  scope: MerchantScope,
  billNo: string,
  chains: readonly BillChain[],
): Promise<Outcome<AppBill>> {
  const bill = await billForWire(db, scope, billNo, chains);
  return bill ? ok(bill) : fail(errCodes.billNotFound, billNotFoundMessage);
}
