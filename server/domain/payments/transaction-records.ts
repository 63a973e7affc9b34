import { type Kysely, sql } from "kysely";
import type { BalanceResult } from "../../../contracts/schemas/balance.ts";
import type {
  TransactionExportRequest,
  TransactionListRequest,
  TransactionListResult,
  TransactionRecord,
} from "../../../contracts/schemas/transactions.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB, LedgerJournalKindColumn } from "../../db/schema.ts";
import type { CsvDownload } from "../platform/csv-download.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import { wireFile } from "../platform/wire-file.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import type { Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { wireKind } from "./balance.ts";
import { usdtText } from "../../../contracts/money.ts";

/** Transaction records newest first, served by merchant_transactions_by_merchant (merchant, created_at desc, id desc). */
const transactionKeyset: KeysetList = { name: "transactions", time: "mt.created_at", id: "mt.id" };

type WireKind = BalanceResult["entries"][number]["kind"];

/**
 * Journals that never move a merchant's balance: a payment into an order, a sweep, a withdrawal paid from its hold, an
 * upgrade's credit (revenue into the order).
 */
const withoutMerchantLines = new Set<LedgerJournalKindColumn>([
  "orderReceipt",
  "sweep",
  "withdrawalSent",
  "upgradeCredit",
]);

/**
 * The journal kinds each wire kind stands for that have records (a filter by kind reads them through
 * merchant_transactions_by_kind: mostly one kind, so one index range in the list's order).
 */
const journalKindsOf = (kind: WireKind): LedgerJournalKindColumn[] =>
  (Object.entries(wireKind) as Array<[LedgerJournalKindColumn, WireKind]>)
    .filter(([journal, wire]) => wire === kind && !withoutMerchantLines.has(journal))
    .map(([journal]) => journal);

/**
 * One merchant's records, filtered. Every filter reads the record alone (its kind, time, journal), so the capped count
 * reads merchant_transactions only, through its indexes.
 */
export const recordsOf = (
  db: Kysely<DB>,
  scope: Pick<MerchantScope, "merchantId">,
  filters: TransactionExportRequest,
) => {
  let query = db.selectFrom("merchant_transactions as mt").where("mt.merchant_id", "=", scope.merchantId);
  if (filters.kind) {
    const kinds = journalKindsOf(filters.kind);
    query = kinds.length === 1 ? query.where("mt.kind", "=", kinds[0]!) : query.where("mt.kind", "in", kinds);
  }
  if (filters.startTime) query = query.where("mt.created_at", ">=", searchTime(filters.startTime));
  if (filters.endTime) query = query.where("mt.created_at", "<=", searchTime(filters.endTime));
  if (filters.txHash) {
    // The journals of the transfers with that hash (chain_transfers_by_tx_hash) and of the merchant's withdrawals
    // paid by it, then their records (merchant_transactions_by_journal): never a scan of every record.
    // As an array made once (an InitPlan): PostgreSQL then reckons with a few journals and reads each record and
    // journal by key; as `in (subquery)` it guessed thousands from the withdrawals' branch and read every journal.
    const hash = filters.txHash.toLowerCase();
    const journals = db
      .selectFrom("ledger_journals as hj")
      .innerJoin("chain_transfers as hct", "hct.id", "hj.transfer_id")
      .select("hj.id")
      .where(sql<boolean>`lower(hct.tx_hash) = ${hash}`)
      .union(
        db
          .selectFrom("ledger_journals as wj")
          .innerJoin("withdrawals as hw", "hw.id", "wj.withdrawal_id")
          .select("wj.id")
          .where("hw.merchant_id", "=", scope.merchantId)
          .where("hw.tx_hash", "=", hash),
      );
    query = query.where(sql<boolean>`mt.journal_id = any(array(${journals}))`);
  }
  return query;
};

/** The records with their journals, transfers, orders, withdrawals and every line of each journal. */
const filteredTransactions = (db: Kysely<DB>, scope: MerchantScope, filters: TransactionExportRequest) =>
  recordsOf(db, scope, filters)
    .innerJoin("ledger_journals as j", "j.id", "mt.journal_id")
    .leftJoin("orders as o", "o.id", "j.order_id")
    .leftJoin("chain_transfers as ct", "ct.id", "j.transfer_id")
    .leftJoin("withdrawals as w", "w.id", "j.withdrawal_id")
    .select([
      "mt.id",
      "mt.amount",
      "mt.created_at",
      "j.kind",
      "o.order_code",
      "ct.chain_id",
      "ct.tx_hash",
      "ct.block_number",
      "ct.confirmations",
      "w.id as withdrawal_id",
      "w.status as withdrawal_status",
      "w.chain_id as withdrawal_chain_id",
      "w.tx_hash as withdrawal_tx_hash",
      "w.block_number as withdrawal_block",
      "w.seen_tx_hash as withdrawal_seen_tx_hash",
      "w.seen_block_number as withdrawal_seen_block",
      "w.confirmations as withdrawal_confirmations",
      // A merchant's journal never moves the gas accounts (migration 0037): its lines are of the wire's kinds.
      sql<Array<{ account: TransactionRecord["lines"][number]["account"]; amount: string }>>`(
        select coalesce(json_agg(json_build_object('account', a.kind, 'amount', l.amount::text) order by l.id), '[]')
        from ledger_lines l join ledger_accounts a on a.id = l.account_id where l.journal_id = mt.journal_id)`.as(
        "lines",
      ),
    ]);

/** The same records for counting: the record alone (typed as the list's query so the paging takes it). */
const transactionsToCount = (db: Kysely<DB>, scope: MerchantScope, filters: TransactionExportRequest) =>
  recordsOf(db, scope, filters).select("mt.id") as unknown as ReturnType<typeof filteredTransactions>;

type TransactionRow = Awaited<ReturnType<ReturnType<typeof filteredTransactions>["executeTakeFirstOrThrow"]>>;

/** The `transactionRecord` schema's shape (contracts/schemas/transactions.ts), the one place it is made. */
function toWireTransaction(row: TransactionRow, currencies: CurrencyRegistry): TransactionRecord {
  const lines = typeof row.lines === "string" ? (JSON.parse(row.lines) as typeof row.lines) : row.lines;
  const chainId = row.chain_id ?? row.withdrawal_chain_id;
  const required = chainId === null ? null : (currencies.chainById(Number(chainId))?.confirmations ?? null);
  // A transfer's count as the watcher keeps it; a withdrawal's while it counts, and all of them once paid.
  const confirmations =
    row.confirmations ??
    (row.withdrawal_status === "confirmed" ? required : null) ??
    row.withdrawal_confirmations ??
    null;
  return {
    id: row.id,
    kind: wireKind[row.kind],
    amount: signedText(row.amount),
    createdAt: row.created_at.toISOString(),
    orderCode: row.order_code,
    chain: chainId === null ? null : currencies.productOf(Number(chainId)),
    txHash: row.tx_hash ?? row.withdrawal_tx_hash ?? row.withdrawal_seen_tx_hash,
    blockNumber: row.block_number ?? row.withdrawal_block ?? row.withdrawal_seen_block,
    confirmations,
    requiredConfirmations: confirmations === null ? null : required,
    withdrawalId: row.withdrawal_id,
    withdrawalStatus: row.withdrawal_status,
    lines: lines.map((line) => ({ account: line.account, amount: signedText(line.amount) })),
  };
}

/** A signed numeric as the wire writes amounts: no trailing zeros, a minus for debits. */
const signedText = (numeric: string) =>
  numeric.startsWith("-") ? `-${usdtText(numeric.slice(1))}` : usdtText(numeric);

/** The merchant's transaction records, filtered; a keyset page. */
export function listTransactions(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: TransactionListRequest,
  { currencies, secret }: { currencies: CurrencyRegistry; secret: Buffer },
): Promise<Outcome<TransactionListResult>> {
  const { cursor, pageSize = 10, ...filters } = search;
  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  return wirePage(
    db,
    filteredTransactions(db, scope, filters),
    transactionKeyset,
    request,
    (row) => toWireTransaction(row, currencies),
    transactionsToCount(db, scope, filters),
  );
}

/** The same records as a CSV file, named by the day it was made (UTC). */
export function exportTransactions(
  db: Kysely<DB>,
  scope: MerchantScope,
  filters: TransactionExportRequest,
  { currencies, now }: { currencies: CurrencyRegistry; now: Date },
): Outcome<CsvDownload<TransactionRecord>> {
  const fileName = `transactions-${now.toISOString().slice(0, 10)}.csv`;
  return wireFile(db, filteredTransactions(db, scope, filters), transactionKeyset, fileName, (row) =>
    toWireTransaction(row, currencies),
  );
}

/**
 * What the live stream of transaction records sends after a change (server/http/live-streams.ts): the record `r<id>`,
 * the records of withdrawal `w<id>`, or after a lost notification (null) the records of withdrawals on their way.
 * Always the merchant's own: another merchant's key reads nothing.
 */
export async function liveTransactionRecords(
  db: Kysely<DB>,
  scope: MerchantScope,
  key: string | null,
  currencies: CurrencyRegistry,
): Promise<TransactionRecord[]> {
  let query = filteredTransactions(db, scope, {});
  const id = key?.slice(1) ?? "";
  if (key === null) query = query.where("w.status", "in", ["signed", "broadcast"]);
  else if (!/^\d{1,18}$/.test(id)) return [];
  else if (key.startsWith("r")) query = query.where("mt.id", "=", id);
  else if (key.startsWith("w")) query = query.where("j.withdrawal_id", "=", id);
  else return [];
  const rows = await query.orderBy("mt.created_at", "desc").orderBy("mt.id", "desc").limit(100).execute();
  return rows.map((row) => toWireTransaction(row, currencies));
}
