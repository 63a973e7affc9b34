import type { Kysely } from "kysely";
import type { BalanceResult } from "../../../contracts/schemas/balance.ts";
import type { BalanceEntryKindColumn, DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope, SystemScope } from "../identity/merchant-scope.ts";
import { fromAtto, toAtto, usdtText } from "./usdt.ts";

/** The newest ledger lines the balance call answers. */
export const balanceEntriesShown = 100;

/** The balance: the sum of the merchant's ledger, in atto units (may be negative after a reorganisation's debit). */
export async function balanceAtto(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<bigint> {
  const row = await db
    .selectFrom("balance_entries")
    .select((eb) => eb.fn.sum<string | null>("amount").as("total"))
    .where("merchant_id", "=", merchantId)
    .executeTakeFirstOrThrow();
  return toAtto(row.total ?? "0");
}

/** How many reorganisations took a credit of this transfer back: the epoch its next credit or debit belongs to. */
async function transferEpoch(trx: Kysely<DB>, transferId: string): Promise<number> {
  const row = await trx
    .selectFrom("balance_entries")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("transfer_id", "=", transferId)
    .where("kind", "=", "reorg")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface TransferCredit {
  /** Whose balance: the merchant's own call (an order they close) or the system's for them (the chain listener, the sweep). */
  scope: AnyMerchantScope;
  kind: Extract<BalanceEntryKindColumn, "excess" | "late" | "unmatched" | "orderClosed">;
  transferId: string;
  orderId: string | null;
  amount: bigint;
  now: Date;
}

/**
 * Credits (part of) a transfer, once per epoch: the unique index `balance_entries_transfer_credit` makes a second
 * credit of the same transfer a no-op, whoever tries. Answers whether this call wrote it.
 */
export async function creditTransfer(trx: Kysely<DB>, credit: TransferCredit): Promise<boolean> {
  if (credit.amount <= 0n) return false;
  const epoch = await transferEpoch(trx, credit.transferId);
  const rows = await trx
    .insertInto("balance_entries")
    .values({
      merchant_id: credit.scope.merchantId,
      kind: credit.kind,
      amount: fromAtto(credit.amount),
      order_id: credit.orderId,
      transfer_id: credit.transferId,
      epoch,
      created_at: credit.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .execute();
  return rows.length === 1;
}

/** An order's own refund (balance it took, given back when it closes unpaid): once per order. */
export async function creditOrderRefund(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  orderId: string,
  amount: bigint,
  now: Date,
): Promise<void> {
  if (amount <= 0n) return;
  await trx
    .insertInto("balance_entries")
    .values({
      merchant_id: merchantId,
      kind: "orderClosed",
      amount: fromAtto(amount),
      order_id: orderId,
      transfer_id: null,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** What an order takes from the balance: once per order (unique index `balance_entries_order_payment`). */
export async function debitOrderPayment(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  orderId: string,
  amount: bigint,
  now: Date,
): Promise<boolean> {
  const rows = await trx
    .insertInto("balance_entries")
    .values({
      merchant_id: merchantId,
      kind: "orderPayment",
      amount: fromAtto(-amount),
      order_id: orderId,
      transfer_id: null,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .execute();
  return rows.length === 1;
}

/**
 * A reorganisation removed a transfer: whatever of it the balance holds (credits minus earlier debits) is taken back
 * as a `reorg` debit, which may leave the balance negative. Nothing when it was never credited. The system's (the
 * chain listener): the merchant is whoever the transfer's credits went to.
 */
export async function debitRemovedTransfer(
  trx: Kysely<DB>,
  _system: SystemScope,
  transferId: string,
  now: Date,
): Promise<void> {
  const held = await trx
    .selectFrom("balance_entries")
    .select(["merchant_id", "order_id", "amount"])
    .where("transfer_id", "=", transferId)
    .orderBy("id")
    .execute();
  const net = held.reduce((sum, row) => sum + toAtto(row.amount), 0n);
  const first = held[0];
  if (net <= 0n || !first) return;
  await trx
    .insertInto("balance_entries")
    .values({
      merchant_id: first.merchant_id,
      kind: "reorg",
      amount: fromAtto(-net),
      order_id: held.findLast((row) => row.order_id !== null)?.order_id ?? null,
      transfer_id: transferId,
      epoch: await transferEpoch(trx, transferId),
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A removed transfer back again (mined again, or in another block) whose order stays paid: the balance gets back what
 * the last removal took (its `reorg` debit), in the kind it was credited as, and nothing else, since the rest of the
 * transfer paid the order. Once per epoch (the credit index); nothing when the removal took nothing.
 */
export async function restoreRemovedTransfer(
  trx: Kysely<DB>,
  _system: SystemScope,
  transferId: string,
  now: Date,
): Promise<void> {
  const epoch = await transferEpoch(trx, transferId);
  if (epoch === 0) return;
  const entries = await trx
    .selectFrom("balance_entries")
    .select(["merchant_id", "kind", "amount", "order_id"])
    .where("transfer_id", "=", transferId)
    .where("epoch", "=", epoch - 1)
    .execute();
  const debit = entries.find((e) => e.kind === "reorg");
  const credit = entries.find((e) => e.kind !== "reorg");
  if (!debit) return;
  await trx
    .insertInto("balance_entries")
    .values({
      merchant_id: debit.merchant_id,
      kind: credit?.kind ?? "excess",
      amount: fromAtto(-toAtto(debit.amount)),
      order_id: debit.order_id,
      transfer_id: transferId,
      epoch,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The balance and its newest lines, with the order code and transaction each names. */
export async function balanceOf(db: Kysely<DB>, scope: MerchantScope): Promise<BalanceResult> {
  const { merchantId } = scope;
  const rows = await db
    .selectFrom("balance_entries as e")
    .leftJoin("orders as o", "o.id", "e.order_id")
    .leftJoin("chain_transfers as t", "t.id", "e.transfer_id")
    .select(["e.kind", "e.amount", "e.created_at", "o.order_code", "t.tx_hash"])
    .where("e.merchant_id", "=", merchantId)
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(balanceEntriesShown)
    .execute();
  return {
    balance: fromAtto(maxZero(await balanceAtto(db, scope))),
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

/** The wire's balance is an amount (no sign); a negative balance (a reorganisation's debit) shows as 0 and pays nothing. */
const maxZero = (value: bigint) => (value < 0n ? 0n : value);

/** The ledger's sum as text, sign included (tests). */
export const balanceText = async (db: Kysely<DB>, scope: AnyMerchantScope) => fromAtto(await balanceAtto(db, scope));
