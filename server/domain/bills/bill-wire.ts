import { type Kysely, sql } from "kysely";
import type { AppBill } from "../../../contracts/schemas/bills.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import { formatAmount, usdtText } from "../../../contracts/money.ts";

/** A time column as ISO 8601 text in UTC, to the millisecond, as `Date.prototype.toISOString` writes it (null stays null). */
const isoText = <T extends string | null = string | null>(column: string) =>
  sql<T>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The transaction of a bill's sweep, shown with the rest of its collection (set once the sweep is confirmed): the
 * sweep's row of outgoing_transactions that was mined, else its latest (a hash recorded again after a reorganisation).
 * A subquery of the selection, read for the rows of a page only, by outgoing_transactions_by_collection.
 */
export const billSweepHash = sql<string | null>`case when b.collection_amount is not null then (
    select o.tx_hash from outgoing_transactions o where o.collection_id = b.collection_id
    order by o.outcome is not distinct from 'mined' desc, o.id desc limit 1) end`;

/**
 * The query of one merchant's bills as the wire shows them: the bill, its transfer (from, to, block, hash, token),
 * its deposit address (the end user) and its application (code, name). It adds `where merchant_id` itself; callers
 * add their own filters.
 */
export function wireBillQuery(db: Kysely<DB>, merchantId: string) {
  return db
    .selectFrom("application_bills as b")
    .innerJoin("chain_transfers as ct", "ct.id", "b.transfer_id")
    .innerJoin("deposit_addresses as da", "da.id", "b.deposit_address_id")
    .innerJoin("applications as a", "a.id", "b.application_id")
    .select([
      "b.id",
      "b.bill_no",
      "b.currency",
      "b.amount",
      "b.status",
      "b.confirmations",
      "b.required",
      // Times as the wire writes them (Date's toISOString: milliseconds, truncated, UTC), made by the database: no Date
      // parsed and printed again for each bill (about a twentieth of a CSV export's time).
      isoText<string>("b.seen_at").as("pay_time"),
      isoText("b.credited_at").as("credited_at"),
      isoText("b.removed_at").as("removed_at"),
      "b.notice_status",
      "b.collection_amount",
      "b.delivery_address",
      "b.transfer_amount",
      billSweepHash.as("collection_tx_hash"),
      "b.collection_gas_fee",
      "a.app_code",
      "a.name as app_name",
      "da.end_user_id",
      "ct.chain_id",
      "ct.token",
      "ct.from_address",
      "ct.to_address",
      "ct.block_number",
      "ct.tx_hash",
      "ct.log_index",
    ])
    .where("b.merchant_id", "=", merchantId);
}

/**
 * The same bills, for counting them: the same tables left-joined. Every bill has its transfer and deposit address, and
 * every application bill its application (a recharge's bill, with none, is left out as the wire's inner join leaves
 * it out), so the rows are the same; as left joins on primary keys PostgreSQL leaves out each one no filter reads,
 * and a count by status or time reads application_bills alone (the first page's capped count at a million
 * bills). Typed as the wire's query so the same filters apply; its selection is replaced by the count.
 */
export function billsToCount(db: Kysely<DB>, merchantId: string): ReturnType<typeof wireBillQuery> {
  return db
    .selectFrom("application_bills as b")
    .leftJoin("chain_transfers as ct", "ct.id", "b.transfer_id")
    .leftJoin("deposit_addresses as da", "da.id", "b.deposit_address_id")
    .leftJoin("applications as a", "a.id", "b.application_id")
    .select("b.id")
    .where("b.merchant_id", "=", merchantId)
    .where("b.application_id", "is not", null) as unknown as ReturnType<typeof wireBillQuery>;
}

export type WireBillRow = Awaited<ReturnType<ReturnType<typeof wireBillQuery>["executeTakeFirstOrThrow"]>>;

const amountOrNull = (numeric: string | null) => (numeric === null ? null : usdtText(numeric));

/**
 * The `appBill` schema's shape (contracts/schemas/bills.ts), the one place it is made: the list, the detail, the open
 * API and the event stream answer the same thing. The chain is named as the registry names it.
 */
export function toWireBill(row: WireBillRow, currencies: CurrencyRegistry): AppBill {
  const chainId = Number(row.chain_id);
  return {
    billNo: row.bill_no,
    appCode: row.app_code,
    appName: row.app_name,
    endUserId: row.end_user_id,
    fromAddress: row.from_address,
    toAddress: row.to_address,
    amount: usdtText(row.amount),
    chain: currencies.productOf(chainId),
    chainId,
    currency: row.currency,
    tokenContract: row.token,
    protocol: "ERC-20",
    blockNumber: row.block_number,
    txHash: row.tx_hash,
    logIndex: row.log_index,
    status: row.status,
    confirmations: Math.min(row.confirmations, row.required),
    required: row.required,
    payTime: row.pay_time,
    creditedAt: row.credited_at,
    removedAt: row.removed_at,
    noticeStatus: row.notice_status,
    collectionAmount: amountOrNull(row.collection_amount),
    deliveryAddress: row.delivery_address,
    transferAmount: amountOrNull(row.transfer_amount),
    collectionTxHash: row.collection_tx_hash,
    // Stored in wei; the wire says the native coin (ETH), exactly (18 decimals).
    collectionGasFee: row.collection_gas_fee === null ? null : formatAmount(BigInt(row.collection_gas_fee), 18),
  };
}
