import { type Kysely, sql } from "kysely";
import type {
  RechargeBill,
  RechargeExportRequest,
  RechargeListRequest,
  RechargeListResult,
} from "../../../contracts/schemas/recharges.ts";
import { type CurrencyRegistry, orderCurrency } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import type { CsvDownload } from "../platform/csv-download.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import { wireFile } from "../platform/wire-file.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import type { Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { usdtText } from "../../../contracts/money.ts";

/** Recharge bills newest first, served by recharge_bills_by_merchant (merchant, created_at desc, id desc). */
const rechargeKeyset: KeysetList = { name: "recharges", time: "r.created_at", id: "r.id" };

/**
 * One merchant's recharge bills with their transfers and orders, filtered. A bill is `reversed` while a
 * reorganisation's removals of its transfer outnumber the restores that brought it back (ledger_journals_by_transfer).
 */
const filteredRecharges = (db: Kysely<DB>, scope: MerchantScope, filters: RechargeExportRequest) => {
  let query = db
    .selectFrom("recharge_bills as r")
    .innerJoin("chain_transfers as ct", "ct.id", "r.transfer_id")
    .leftJoin("orders as o", "o.id", "r.order_id")
    // A recharge to the merchant's own forwarder has a bill (no application's) that records its sweep.
    .leftJoin("application_bills as b", "b.transfer_id", "r.transfer_id")
    .select([
      "r.id",
      "r.bill_no",
      "r.reason",
      "r.amount",
      "r.created_at",
      "o.order_code",
      "ct.chain_id",
      "ct.token",
      "ct.from_address",
      "ct.to_address",
      "ct.tx_hash",
      "ct.log_index",
      "ct.block_number",
      "b.delivery_address",
      sql<boolean>`(select count(*) filter (where j.kind = 'reorg') > count(*) filter (where j.kind = 'restore')
        from ledger_journals j where j.transfer_id = r.transfer_id)`.as("reversed"),
    ])
    .where("r.merchant_id", "=", scope.merchantId);
  if (filters.reason) query = query.where("r.reason", "=", filters.reason);
  if (filters.startTime) query = query.where("r.created_at", ">=", searchTime(filters.startTime));
  if (filters.endTime) query = query.where("r.created_at", "<=", searchTime(filters.endTime));
  // As the bills' filter does: through chain_transfers_by_tx_hash (lower(tx_hash)), not a read of every recharge.
  if (filters.txHash) query = query.where(sql<boolean>`lower(ct.tx_hash) = ${filters.txHash.toLowerCase()}`);
  return query;
};

type RechargeRow = Awaited<ReturnType<ReturnType<typeof filteredRecharges>["executeTakeFirstOrThrow"]>>;

/** The `rechargeBill` schema's shape (contracts/schemas/recharges.ts), the one place it is made. */
function toWireRecharge(row: RechargeRow, currencies: CurrencyRegistry): RechargeBill {
  const chainId = Number(row.chain_id);
  return {
    billNo: row.bill_no,
    reason: row.reason,
    orderCode: row.order_code,
    amount: usdtText(row.amount),
    chain: currencies.productOf(chainId),
    chainId,
    currency: currencies.tokenAt(chainId, row.token)?.symbol ?? orderCurrency,
    tokenContract: row.token,
    protocol: "ERC-20",
    fromAddress: row.from_address,
    paymentAddress: row.to_address,
    deliveryAddress: row.delivery_address,
    txHash: row.tx_hash,
    logIndex: row.log_index,
    blockNumber: row.block_number,
    status: row.reversed ? "reversed" : "credited",
    payTime: row.created_at.toISOString(),
  };
}

/** The merchant's recharge bills, filtered; a keyset page. */
export function listRecharges(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: RechargeListRequest,
  { currencies, secret }: { currencies: CurrencyRegistry; secret: Buffer },
): Promise<Outcome<RechargeListResult>> {
  const { cursor, pageSize = 10, ...filters } = search;
  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  return wirePage(db, filteredRecharges(db, scope, filters), rechargeKeyset, request, (row) =>
    toWireRecharge(row, currencies),
  );
}

/** The same bills as a CSV file, named by the day it was made (UTC). */
export function exportRecharges(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: RechargeExportRequest,
  { currencies, now }: { currencies: CurrencyRegistry; now: Date },
): Outcome<CsvDownload<RechargeBill>> {
  const fileName = `recharge-bills-${now.toISOString().slice(0, 10)}.csv`;
  return wireFile(db, filteredRecharges(db, scope, filters), rechargeKeyset, fileName, (row) =>
    toWireRecharge(row, currencies),
  );
}
