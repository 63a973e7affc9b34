import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { AppBill } from "../../../contracts/schemas/bills.ts";
import type { DB, OutboxEventTypeColumn } from "../../db/schema.ts";
import type { SystemMerchantScope } from "../identity/merchant-scope.ts";
import { nextDayNumber } from "../platform/day-numbers.ts";
import { usdtText } from "../payments/usdt.ts";
import { notifyBillChanged } from "./bill-events-channel.ts";

/**
 * The row writes of application bills (migration 0015) for the deposit listener: every one runs in the watcher's
 * transaction and raises the bills' NOTIFY in it, so a stream shows only what committed.
 */

/** The deposit address a transfer went to on its chain, with whose it is; undefined when it is none of ours. */
export function depositAddressOf(trx: Kysely<DB>, chainId: number, address: string) {
  return trx
    .selectFrom("deposit_addresses")
    .select(["id", "merchant_id", "application_id"])
    .where("chain_id", "=", chainId)
    .where("address", "=", address)
    .executeTakeFirst();
}

/** The transfer's bill, locked for the rest of the transaction; undefined before it is seen. */
export function lockBillOf(trx: Kysely<DB>, transferId: string) {
  return trx
    .selectFrom("application_bills")
    .select(["id", "bill_no", "merchant_id", "application_id", "status", "credited_at"])
    .where("transfer_id", "=", transferId)
    .forUpdate()
    .executeTakeFirst();
}

export type LockedBill = NonNullable<Awaited<ReturnType<typeof lockBillOf>>>;

export interface NewBill {
  transferId: string;
  depositAddress: { id: string; merchant_id: string; application_id: string };
  currency: string;
  /** Atto USDT as text: what the ledger credits. */
  amount: string;
  confirmations: number;
  required: number;
  seenAt: Date;
  now: Date;
}

/** The transfer's bill, made at its first sighting (a number of the day); the one there is when it exists already. */
export async function insertBill(trx: Kysely<DB>, bill: NewBill): Promise<LockedBill> {
  await trx
    .insertInto("application_bills")
    .values({
      bill_no: await nextDayNumber(trx, "application_bill_no_seq", 10, bill.now),
      merchant_id: bill.depositAddress.merchant_id,
      application_id: bill.depositAddress.application_id,
      deposit_address_id: bill.depositAddress.id,
      transfer_id: bill.transferId,
      currency: bill.currency,
      amount: bill.amount,
      confirmations: bill.confirmations,
      required: bill.required,
      seen_at: bill.seenAt,
    })
    .onConflict((oc) => oc.column("transfer_id").doNothing())
    .execute();
  return (await lockBillOf(trx, bill.transferId))!;
}

export type BillChange =
  | { status: "confirming"; confirmations: number }
  | { status: "credited"; confirmations: number; at: Date }
  | { status: "dropped" | "reversed"; at: Date };

/** Moves the bill and tells its merchant's streams. */
export async function changeBill(trx: Kysely<DB>, bill: LockedBill, change: BillChange): Promise<void> {
  await trx
    .updateTable("application_bills")
    .set(
      change.status === "confirming"
        ? { status: "confirming", confirmations: change.confirmations, credited_at: null }
        : change.status === "credited"
          ? { status: "credited", confirmations: change.confirmations, credited_at: change.at }
          : { status: change.status, removed_at: change.at },
    )
    .where("id", "=", bill.id)
    .execute();
  await notifyBillChanged(trx, { merchantId: bill.merchant_id, billNo: bill.bill_no });
}

/** The chain's product name (Devnet, Eth …) by its id, for the wire. */
export type ProductOf = (chainId: number) => string;

/** The bill as the wire and the callbacks show it (contracts/schemas/bills.ts `appBill`). */
export async function billForWire(trx: Kysely<DB>, billId: string, productOf: ProductOf): Promise<AppBill> {
  const row = await trx
    .selectFrom("application_bills as b")
    .innerJoin("applications as a", "a.id", "b.application_id")
    .innerJoin("deposit_addresses as d", "d.id", "b.deposit_address_id")
    .innerJoin("chain_transfers as t", "t.id", "b.transfer_id")
    .select([
      "b.bill_no",
      "a.app_code",
      "a.name",
      "d.end_user_id",
      "t.from_address",
      "t.to_address",
      "b.amount",
      "t.chain_id",
      "b.currency",
      "t.token",
      "t.block_number",
      "t.tx_hash",
      "t.log_index",
      "b.status",
      "b.confirmations",
      "b.required",
      "b.seen_at",
      "b.credited_at",
      "b.removed_at",
      "b.notice_status",
      "b.collection_amount",
      "b.delivery_address",
      "b.transfer_amount",
      "b.collection_tx_hash",
    ])
    .where("b.id", "=", billId)
    .executeTakeFirstOrThrow();
  const chainId = Number(row.chain_id);
  const amountOrNull = (value: string | null) => (value === null ? null : usdtText(value));
  return {
    billNo: row.bill_no,
    appCode: row.app_code,
    appName: row.name,
    endUserId: row.end_user_id,
    fromAddress: row.from_address,
    toAddress: row.to_address,
    amount: usdtText(row.amount),
    chain: productOf(chainId),
    chainId,
    currency: row.currency,
    tokenContract: row.token,
    protocol: "ERC-20",
    blockNumber: row.block_number,
    txHash: row.tx_hash,
    logIndex: row.log_index,
    status: row.status,
    confirmations: row.confirmations,
    required: row.required,
    payTime: row.seen_at.toISOString(),
    creditedAt: row.credited_at?.toISOString() ?? null,
    removedAt: row.removed_at?.toISOString() ?? null,
    noticeStatus: row.notice_status,
    collectionAmount: amountOrNull(row.collection_amount),
    deliveryAddress: row.delivery_address,
    transferAmount: amountOrNull(row.transfer_amount),
    collectionTxHash: row.collection_tx_hash,
  };
}

/**
 * An event for the merchant's system (issue 28 delivers it), written in the transaction of the change it tells: one
 * per credit and one per reversal, its payload the bill as it is after the change (`appBill`).
 */
export async function recordBillEvent(
  trx: Kysely<DB>,
  scope: SystemMerchantScope,
  type: OutboxEventTypeColumn,
  bill: LockedBill,
  productOf: ProductOf,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("outbox_events")
    .values({
      event_id: randomUUID(),
      type,
      merchant_id: scope.merchantId,
      application_id: bill.application_id,
      bill_id: bill.id,
      payload: sql`${JSON.stringify(await billForWire(trx, bill.id, productOf))}::jsonb`,
      created_at: now,
    })
    .execute();
}
