import type { Kysely } from "kysely";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import type {
  WalletWithdrawal,
  WithdrawalExportRequest,
  WithdrawalListRequest,
  WithdrawalListResult,
} from "../../../contracts/schemas/wallet.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import type { CsvDownload } from "../platform/csv-download.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import { wireFile } from "../platform/wire-file.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import type { Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import type { Withdrawal } from "./withdrawal-holds.ts";
import { withdrawalToWire } from "./withdrawal-wire.ts";

/** My wallet's withdrawals: newest first, served by withdrawals_by_merchant (merchant, created_at desc, id desc). */
const withdrawalKeyset: KeysetList = { name: "withdrawals", time: "w.created_at", id: "w.id" };

const filteredWithdrawals = (db: Kysely<DB>, scope: MerchantScope, filters: WithdrawalExportRequest) => {
  let query = db.selectFrom("withdrawals as w").selectAll("w").where("w.merchant_id", "=", scope.merchantId);
  if (filters.status) query = query.where("w.status", "=", filters.status);
  if (filters.startTime) query = query.where("w.created_at", ">=", searchTime(filters.startTime));
  if (filters.endTime) query = query.where("w.created_at", "<=", searchTime(filters.endTime));
  return query;
};

/**
 * My wallet's row: the withdrawal on the wire, and its transaction's confirmations as the sender last counted them
 * while it is signed or sent (withdrawal-counting.ts), all of its chain's once paid; as Transaction records count them.
 */
function walletWithdrawalOf(row: Withdrawal, currencies: CurrencyRegistry): WalletWithdrawal {
  const required = currencies.chainById(row.chain_id)?.confirmations ?? null;
  const counting = row.status === "signed" || row.status === "broadcast" ? row.confirmations : null;
  const confirmations = row.status === "confirmed" ? required : counting;
  return {
    ...withdrawalToWire(row, currencies),
    confirmations,
    requiredConfirmations: confirmations === null ? null : required,
  };
}

/** The merchant's withdrawals, whichever asked them (the console or an application), filtered; a keyset page. */
export function listWithdrawals(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: WithdrawalListRequest,
  { currencies, secret }: { currencies: CurrencyRegistry; secret: Buffer },
): Promise<Outcome<WithdrawalListResult>> {
  const { cursor, pageSize = 10, ...filters } = search;
  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  return wirePage(db, filteredWithdrawals(db, scope, filters), withdrawalKeyset, request, (row) =>
    walletWithdrawalOf(row, currencies),
  );
}

/** The same withdrawals as a CSV file, named by the day it was made (UTC). */
export function exportWithdrawals(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: WithdrawalExportRequest,
  { currencies, now }: { currencies: CurrencyRegistry; now: Date },
): Outcome<CsvDownload<OpenWithdrawal>> {
  const fileName = `withdrawals-${now.toISOString().slice(0, 10)}.csv`;
  return wireFile(db, filteredWithdrawals(db, scope, filters), withdrawalKeyset, fileName, (row) =>
    withdrawalToWire(row, currencies),
  );
}
