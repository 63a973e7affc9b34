import type { Kysely } from "kysely";
import { getAddress } from "viem";
import type { BalanceResult } from "../../../contracts/schemas/balance.ts";
import type { DB, LedgerJournalKindColumn } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope, SystemScope } from "../platform/merchant-scope.ts";
import {
  accountBalance,
  accountId,
  creditedOf,
  type Line,
  merchantAccount,
  merchantDebtAccount,
  merchantShareOf,
  orderAccount,
  post,
  type ReceiptsToken,
  unrestoredRemoval,
} from "./ledger.ts";
import { fromAtto, minAtto, toAtto, usdtText } from "../../../contracts/money.ts";

/**
 * Every movement of merchant money, as postings of the double-entry ledger (ledger.ts): a transfer received for an
 * order or the balance, an order paid (revenue and the excess), paid from the balance, closed (its money to the
 * balance), a transfer taken back by a reorganisation and its return. The balance is the merchant account's stored
 * figure, which the database never lets go below zero.
 *
 * One file: these are the ledger's journals for merchant money, one function each; they are reviewed together,
 * since each must balance against the others (a removal against its restore, a payment against its receipt).
 */

/** The newest ledger lines the balance call answers. */
export const balanceEntriesShown = 100;

/** The merchant's balance in atto units. */
export async function balanceAtto(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select("balance")
    .where("kind", "=", "merchant")
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return toAtto(row?.balance ?? "0");
}

const receiptsOf = (trx: Kysely<DB>, token: ReceiptsToken) =>
  accountId(trx, { kind: "receipts", token: { ...token, address: getAddress(token.address) } });

export interface TransferReceipt {
  transferId: string;
  token: ReceiptsToken;
  amount: bigint;
  now: Date;
}

/** A confirmed transfer counted for the merchant's open order: from the chain's receipts into the order's account. */
export async function receiveForOrder(trx: Kysely<DB>, orderId: string, receipt: TransferReceipt): Promise<void> {
  await post(trx, { kind: "orderReceipt", transferId: receipt.transferId, orderId, at: receipt.now }, [
    [await receiptsOf(trx, receipt.token), -receipt.amount],
    [await orderAccount(trx, orderId), receipt.amount],
  ]);
}

/** A confirmed transfer straight to the balance: after its order's window (`late`), of no order, or after its order closed. */
export async function receiveToBalance(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  kind: Extract<LedgerJournalKindColumn, "late" | "unmatched" | "orderClosed">,
  orderId: string | null,
  receipt: TransferReceipt,
): Promise<void> {
  await post(trx, { kind, transferId: receipt.transferId, orderId, at: receipt.now }, [
    [await receiptsOf(trx, receipt.token), -receipt.amount],
    [await merchantAccount(trx, merchantId), receipt.amount],
  ]);
  await settleMerchantDebt(trx, merchantId, receipt.now);
}

/** A confirmed transfer to one of the merchant's deposit addresses (an application bill): straight to the balance. */
export async function receiveDeposit(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  receipt: TransferReceipt,
): Promise<void> {
  await post(trx, { kind: "deposit", transferId: receipt.transferId, at: receipt.now }, [
    [await receiptsOf(trx, receipt.token), -receipt.amount],
    [await merchantAccount(trx, merchantId), receipt.amount],
  ]);
  await settleMerchantDebt(trx, merchantId, receipt.now);
}

/** What an order takes from the balance: once per order (unique index); false when it was taken already. */
export async function debitOrderPayment(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  orderId: string,
  amount: bigint,
  now: Date,
): Promise<boolean> {
  const posted = await post(trx, { kind: "orderPayment", orderId, at: now }, [
    [await merchantAccount(trx, merchantId), -amount],
    [await orderAccount(trx, orderId), amount],
  ]);
  return posted !== null;
}

/**
 * Paid: the order's account goes to revenue (the order's amount) and the rest to the balance (the excess, caused by
 * the transfer that completed it). Once per order.
 */
export async function settlePaidOrder(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  order: { id: string; amount: string },
  transferId: string | null,
  now: Date,
): Promise<void> {
  const account = await orderAccount(trx, order.id);
  const held = await accountBalance(trx, account);
  const revenue = minAtto(held, toAtto(order.amount));
  await post(trx, { kind: "orderPaid", transferId, orderId: order.id, at: now }, [
    [account, -held],
    [await accountId(trx, { kind: "revenue" }), revenue],
    [await merchantAccount(trx, merchantId), held - revenue],
  ]);
  await settleMerchantDebt(trx, merchantId, now);
}

/**
 * An upgrade paid (upgrade-credit.ts): the unused part of the current package, which revenue took when it was paid,
 * goes from revenue into the new order's account, where it pays that part of the price. Once per order.
 */
export async function creditUpgrade(trx: Kysely<DB>, orderId: string, credit: bigint, now: Date): Promise<void> {
  await post(trx, { kind: "upgradeCredit", orderId, at: now }, [
    [await accountId(trx, { kind: "revenue" }), -credit],
    [await orderAccount(trx, orderId), credit],
  ]);
}

/**
 * Cancelled or failed: each counted transfer's money goes from the order to the balance (`orderClosed`, naming the
 * transfer), then whatever else the order holds (balance it took: `refund`, once per order).
 */
export async function closeOrderFunds(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  orderId: string,
  counted: readonly { transferId: string; amount: bigint }[],
  now: Date,
): Promise<void> {
  const account = await orderAccount(trx, orderId);
  const merchant = await merchantAccount(trx, merchantId);
  for (const transfer of counted) {
    const amount = minAtto(transfer.amount, await accountBalance(trx, account));
    await post(trx, { kind: "orderClosed", transferId: transfer.transferId, orderId, at: now }, [
      [account, -amount],
      [merchant, amount],
    ]);
  }
  const rest = await accountBalance(trx, account);
  await post(trx, { kind: "refund", orderId, at: now }, [
    [account, -rest],
    [merchant, rest],
  ]);
  await settleMerchantDebt(trx, merchantId, now);
}

/**
 * A reorganisation removed a transfer: all that is credited of it goes back to the chain's receipts, taken from the
 * open order it was counted for, then from the merchant (what they got of it, as far as their balance holds; the rest
 * of that is recorded as their debt, paid back from their next money: `settleMerchantDebt`), and only what the
 * merchant never got (an order's revenue) is a reorganisation loss. So the outcome of a deep reorganisation does not
 * depend on the order its removals and returns come in. Nothing when nothing is credited. The system's (the listener).
 */
export async function reverseTransfer(
  trx: Kysely<DB>,
  _system: SystemScope,
  transferId: string,
  openOrder: { orderId: string; merchantId: string } | null,
  now: Date,
): Promise<void> {
  const taken = await creditedOf(trx, transferId);
  if (taken <= 0n) return;
  const receipts = await trx
    .selectFrom("ledger_transfers")
    .select("account_id")
    .where("transfer_id", "=", transferId)
    .executeTakeFirstOrThrow();
  const order = openOrder ? await orderAccount(trx, openOrder.orderId) : undefined;
  const fromOrder = order ? minAtto(taken, await accountBalance(trx, order)) : 0n;
  const share = await merchantShareOf(trx, transferId);
  const merchantId = share.merchantId ?? openOrder?.merchantId;
  const merchant = merchantId ? await merchantAccount(trx, merchantId) : undefined;
  const owed = minAtto(taken - fromOrder, share.amount > 0n ? share.amount : 0n);
  const fromMerchant = merchant ? minAtto(owed, await accountBalance(trx, merchant)) : 0n;
  const owedLater = merchantId ? owed - fromMerchant : 0n;
  const lines: Line[] = [[receipts.account_id, taken]];
  if (order) lines.push([order, -fromOrder]);
  if (merchant) lines.push([merchant, -fromMerchant]);
  if (merchantId && owedLater > 0n) lines.push([await merchantDebtAccount(trx, merchantId), -owedLater]);
  lines.push([await accountId(trx, { kind: "reorgLoss" }), -(taken - fromOrder - fromMerchant - owedLater)]);
  const orderId = openOrder?.orderId ?? (await causeOrderOf(trx, transferId));
  await post(trx, { kind: "reorg", transferId, orderId, at: now }, lines);
}

/** The order a transfer's journals name, if any (the reversal names it too). */
async function causeOrderOf(trx: Kysely<DB>, transferId: string): Promise<string | null> {
  const row = await trx
    .selectFrom("ledger_journals")
    .select("order_id")
    .where("transfer_id", "=", transferId)
    .where("order_id", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.order_id ?? null;
}

/**
 * A removed transfer back again (mined again, or in another block): the exact reverse of its last removal (the
 * database checks it and allows one per removal), so it restores what the removal took back and nothing else.
 * Answers the order whose account got money back (the removal had taken it from that open order), or null; false
 * when the transfer has no removal to restore (its first confirmation).
 */
export async function restoreTransfer(
  trx: Kysely<DB>,
  _system: SystemScope,
  transferId: string,
  now: Date,
): Promise<{ orderId: string | null } | false> {
  const removal = await unrestoredRemoval(trx, transferId);
  if (!removal) return false;
  await post(
    trx,
    { kind: "restore", transferId, orderId: removal.orderId, restores: removal.id, at: now },
    removal.lines.map(([account, amount]) => [account, -amount]),
  );
  const owner = await trx
    .selectFrom("ledger_accounts")
    .select("merchant_id")
    .where("kind", "in", ["merchant", "merchantDebt"])
    .where(
      "id",
      "in",
      removal.lines.map(([account]) => account),
    )
    .executeTakeFirst();
  if (owner?.merchant_id) await settleMerchantDebt(trx, owner.merchant_id, now);
  const intoOrder = await trx
    .selectFrom("ledger_accounts")
    .select("order_id")
    .where("kind", "=", "order")
    .where(
      "id",
      "in",
      removal.lines.map(([account]) => account),
    )
    .executeTakeFirst();
  return { orderId: intoOrder?.order_id ?? null };
}

/**
 * The merchant's debt (what a removal found their balance short of) settled against their balance: what they owe is
 * taken from what they hold, as far as it goes, and what a return gave back beyond the debt is handed back to them.
 * One `recovery` journal, or none. The debt account's row is locked first: two postings for one merchant at once
 * settle one after the other, never both from the same reading.
 */
async function settleMerchantDebt(trx: Kysely<DB>, merchantId: string, now: Date): Promise<void> {
  const debt = await trx
    .selectFrom("ledger_accounts")
    .select(["id", "balance"])
    .where("kind", "=", "merchantDebt")
    .where("merchant_id", "=", merchantId)
    .forUpdate()
    .executeTakeFirst();
  const owed = toAtto(debt?.balance ?? "0");
  if (!debt || owed === 0n) return;
  const merchant = await merchantAccount(trx, merchantId);
  const repaid = owed > 0n ? -owed : minAtto(-owed, await accountBalance(trx, merchant));
  await post(trx, { kind: "recovery", at: now }, [
    [debt.id, repaid],
    [merchant, -repaid],
  ]);
}

/** What an order that is no longer open holds (a transfer restored into it after it closed) goes to the balance. */
export async function releaseClosedOrderFunds(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  orderId: string,
  transferId: string,
  now: Date,
): Promise<bigint> {
  const account = await orderAccount(trx, orderId);
  const held = await accountBalance(trx, account);
  await post(trx, { kind: "orderClosed", transferId, orderId, at: now }, [
    [account, -held],
    [await merchantAccount(trx, merchantId), held],
  ]);
  await settleMerchantDebt(trx, merchantId, now);
  return held;
}

/** The wire's kind of a merchant's line, by its journal's kind (contracts/schemas/balance.ts). */
export const wireKind = {
  orderReceipt: "excess",
  orderPaid: "excess",
  late: "late",
  unmatched: "unmatched",
  orderClosed: "orderClosed",
  refund: "orderClosed",
  orderPayment: "orderPayment",
  reorg: "reorg",
  restore: "reorg",
  recovery: "reorg",
  deposit: "deposit",
  // A sweep moves receipts to the treasury and has no merchant line: never met here.
  sweep: "deposit",
  withdrawalHold: "withdrawal",
  withdrawalRelease: "withdrawalReturned",
  // Paid: from the withdrawal's account to the treasury and revenue, no merchant line.
  withdrawalSent: "withdrawal",
  // Gas, in the chain's native coin, between the platform's own accounts: never a merchant's line.
  gasSpent: "withdrawal",
  gasReturned: "withdrawal",
  gasFunded: "withdrawal",
  treasuryFunded: "withdrawal",
  // An upgrade's credit moves revenue into the order's account, no merchant line: never met here.
  upgradeCredit: "orderPayment",
} as const satisfies Record<LedgerJournalKindColumn, BalanceResult["entries"][number]["kind"]>;

/** The merchant's ledger lines, newest first: kind (as the wire names it), signed amount, order, transaction. */
export async function merchantLines(db: Kysely<DB>, merchantId: string, limit = balanceEntriesShown) {
  const rows = await db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_accounts as a", "a.id", "l.account_id")
    .innerJoin("ledger_journals as j", "j.id", "l.journal_id")
    .leftJoin("orders as o", "o.id", "j.order_id")
    .leftJoin("chain_transfers as t", "t.id", "j.transfer_id")
    .select(["j.kind", "l.amount", "j.created_at", "o.order_code", "t.tx_hash"])
    .where("a.kind", "=", "merchant")
    .where("a.merchant_id", "=", merchantId)
    .orderBy("l.journal_id", "desc")
    .orderBy("l.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, kind: wireKind[row.kind] }));
}

/** The balance and its newest lines, with the order code and transaction each names. */
export async function balanceOf(db: Kysely<DB>, scope: MerchantScope): Promise<BalanceResult> {
  const rows = await merchantLines(db, scope.merchantId);
  return {
    balance: fromAtto(await balanceAtto(db, scope)),
    currency: "USDT",
    entries: rows.map((row) => ({
      kind: row.kind,
      amount: usdtText(row.amount),
      orderCode: row.order_code ?? null,
      txHash: row.tx_hash ?? null,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

/** What of an order went to the balance (its excess, a closed order's money, less what a reorganisation took back). */
export async function orderToBalance(db: Kysely<DB>, orderId: string): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_accounts as a", "a.id", "l.account_id")
    .innerJoin("ledger_journals as j", "j.id", "l.journal_id")
    .select((eb) => eb.fn.sum<string | null>("l.amount").as("total"))
    .where("j.order_id", "=", orderId)
    .where("j.kind", "!=", "orderPayment")
    .where("a.kind", "=", "merchant")
    .executeTakeFirstOrThrow();
  return toAtto(row.total ?? "0");
}

/** The balance as text (tests). */
export const balanceText = async (db: Kysely<DB>, scope: AnyMerchantScope) => fromAtto(await balanceAtto(db, scope));
