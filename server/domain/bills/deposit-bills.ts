import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { SystemMerchantScope } from "../platform/merchant-scope.ts";
import { nextDayNumber } from "../platform/day-numbers.ts";
import { publishEvent } from "../platform/event-outbox.ts";
import { notifyLive } from "../platform/live-changes.ts";
import { toWireBill, wireBillQuery } from "./bill-wire.ts";

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
  depositAddress: { id: string; merchant_id: string; application_id: string | null };
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
  await notifyLive(trx, "bill", bill.merchant_id, bill.bill_no);
}

/**
 * An event for the merchant's system, written in the transaction of the change it tells: one per credit and one per
 * reversal, its payload the bill as it is after the change (`appBill`), delivered to the application's recharge
 * callback URL (platform/event-outbox.ts).
 */
export async function recordBillEvent(
  trx: Kysely<DB>,
  scope: SystemMerchantScope,
  type: "deposit.credited" | "deposit.reversed",
  bill: LockedBill,
  currencies: CurrencyRegistry,
  now: Date,
): Promise<void> {
  // A recharge to the merchant's own payment address has no application to tell.
  if (bill.application_id === null) return;
  const row = await wireBillQuery(trx, scope.merchantId)
    .select("da.invoice_id")
    .where("b.id", "=", bill.id)
    .executeTakeFirstOrThrow();
  // An invoice's money is the invoice's: the merchant's system hears of it through its invoice.* events only.
  if (row.invoice_id !== null) return;
  await publishEvent(trx, {
    type,
    merchantId: scope.merchantId,
    applicationId: bill.application_id,
    target: "recharge",
    subject: { billId: bill.id },
    data: toWireBill(row, currencies),
    at: now,
  });
}
