import { type Kysely, sql } from "kysely";
import type { DB, LedgerJournalKindColumn } from "../../db/schema.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";

/**
 * The double-entry ledger's primitives (tables and guarantees: server/db/migrations/0012-double-entry-ledger.ts). A
 * posting is one journal with its cause and its lines; the database refuses one that does not balance, that would
 * take a merchant's or an order's account below zero, or that would credit a transfer beyond its value. The movements
 * of merchant money are in balance.ts; nothing else writes the ledger.
 */

/** The one currency orders are priced in; every account holds it. */
export const ledgerCurrency = "USDT";

/** A chain's token as the receipts account keeps it: its value in USDT is its base units / 10^decimals. */
export interface ReceiptsToken {
  chainId: number;
  address: string;
  decimals: number;
}

export interface JournalCause {
  kind: LedgerJournalKindColumn;
  transferId?: string | null;
  orderId?: string | null;
  withdrawalId?: string | null;
  restores?: string;
  /** A sweep whose gas the journal books (gas-books.ts). */
  collectionId?: string | null;
  /** The native holder a funding journal funds (gas-books.ts). */
  holderAccountId?: string | null;
  at: Date;
}

/** [account id, signed atto units]. Lines of 0 are left out. */
export type Line = readonly [string, bigint];

type AccountKey =
  | { kind: "merchant" | "merchantDebt"; merchantId: string }
  | { kind: "order"; orderId: string }
  | { kind: "withdrawal"; withdrawalId: string }
  | { kind: "receipts" | "treasury" | "operatorFloat"; token: ReceiptsToken }
  | { kind: "revenue" | "reorgLoss" };

/** The account's id, made on first use (unique per merchant, order, chain and token, platform kind). */
export async function accountId(trx: Kysely<DB>, key: AccountKey): Promise<string> {
  const find = () => {
    let query = trx.selectFrom("ledger_accounts").select("id").where("kind", "=", key.kind);
    if (key.kind === "merchant" || key.kind === "merchantDebt") query = query.where("merchant_id", "=", key.merchantId);
    if (key.kind === "order") query = query.where("order_id", "=", key.orderId);
    if (key.kind === "withdrawal") query = query.where("withdrawal_id", "=", key.withdrawalId);
    if (key.kind === "receipts" || key.kind === "treasury" || key.kind === "operatorFloat")
      query = query.where("chain_id", "=", String(key.token.chainId)).where("token", "=", key.token.address);
    return query.executeTakeFirst();
  };
  const found = await find();
  if (found) return found.id;
  await trx
    .insertInto("ledger_accounts")
    .values({
      kind: key.kind,
      merchant_id: key.kind === "merchant" || key.kind === "merchantDebt" ? key.merchantId : null,
      order_id: key.kind === "order" ? key.orderId : null,
      withdrawal_id: key.kind === "withdrawal" ? key.withdrawalId : null,
      chain_id: "token" in key ? String(key.token.chainId) : null,
      token: "token" in key ? key.token.address : null,
      decimals: "token" in key ? key.token.decimals : null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await find())!.id;
}

export const merchantAccount = (trx: Kysely<DB>, merchantId: string) =>
  accountId(trx, { kind: "merchant", merchantId });
/** What the merchant owes after a removal found their balance short (negative), paid back from their next money. */
export const merchantDebtAccount = (trx: Kysely<DB>, merchantId: string) =>
  accountId(trx, { kind: "merchantDebt", merchantId });
export const orderAccount = (trx: Kysely<DB>, orderId: string) => accountId(trx, { kind: "order", orderId });

/** An account's stored balance in atto units (0 for an account not made yet). */
export async function accountBalance(trx: Kysely<DB>, id: string | undefined): Promise<bigint> {
  if (!id) return 0n;
  const row = await trx.selectFrom("ledger_accounts").select("balance").where("id", "=", id).executeTakeFirst();
  return toAtto(row?.balance ?? "0");
}

/**
 * Posts one journal. Answers its id, or null when nothing moved (every line 0) or when a unique key says it was
 * posted already (an order paid, paid from the balance or refunded once).
 */
export async function post(
  trx: Kysely<DB>,
  cause: JournalCause,
  lines: readonly Line[],
  currency: string = ledgerCurrency,
): Promise<string | null> {
  const kept = lines.filter(([, amount]) => amount !== 0n);
  if (kept.length === 0) return null;
  const journal = await trx
    .insertInto("ledger_journals")
    .values({
      kind: cause.kind,
      transfer_id: cause.transferId ?? null,
      order_id: cause.orderId ?? null,
      withdrawal_id: cause.withdrawalId ?? null,
      restores: cause.restores ?? null,
      collection_id: cause.collectionId ?? null,
      holder_account_id: cause.holderAccountId ?? null,
      created_at: cause.at,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!journal) return null;
  await trx
    .insertInto("ledger_lines")
    .values(
      kept.map(([account, amount]) => ({
        journal_id: journal.id,
        account_id: account,
        currency,
        amount: fromAtto(amount),
      })),
    )
    .execute();
  return journal.id;
}

/** What of the transfer is credited now (0 when never, or all taken back). */
export async function creditedOf(trx: Kysely<DB>, transferId: string): Promise<bigint> {
  const row = await trx
    .selectFrom("ledger_transfers")
    .select("credited")
    .where("transfer_id", "=", transferId)
    .executeTakeFirst();
  return toAtto(row?.credited ?? "0");
}

/** The sum of a transfer's journals' lines on merchant accounts, and whose (what the merchant got of it). */
export async function merchantShareOf(
  trx: Kysely<DB>,
  transferId: string,
): Promise<{ merchantId: string | null; amount: bigint }> {
  const rows = await trx
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_journals as j", "j.id", "l.journal_id")
    .innerJoin("ledger_accounts as a", "a.id", "l.account_id")
    .select(["a.merchant_id", sql<string>`sum(l.amount)`.as("total")])
    .where("j.transfer_id", "=", transferId)
    .where("a.kind", "=", "merchant")
    .groupBy("a.merchant_id")
    .execute();
  const first = rows[0];
  return { merchantId: first?.merchant_id ?? null, amount: toAtto(first?.total ?? "0") };
}

/** The transfer's latest removal not yet restored, with its lines. */
export async function unrestoredRemoval(
  trx: Kysely<DB>,
  transferId: string,
): Promise<{ id: string; orderId: string | null; lines: Line[] } | null> {
  const journal = await trx
    .selectFrom("ledger_journals as j")
    .select(["j.id", "j.order_id"])
    .where("j.transfer_id", "=", transferId)
    .where("j.kind", "=", "reorg")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("ledger_journals as r").select("r.id").whereRef("r.restores", "=", "j.id"))),
    )
    .orderBy("j.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!journal) return null;
  const lines = await trx
    .selectFrom("ledger_lines")
    .select(["account_id", "amount"])
    .where("journal_id", "=", journal.id)
    .orderBy("id")
    .execute();
  return { id: journal.id, orderId: journal.order_id, lines: lines.map((l) => [l.account_id, toAtto(l.amount)]) };
}
