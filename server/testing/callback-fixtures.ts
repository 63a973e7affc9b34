import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { lockBillOf, recordBillEvent } from "../domain/bills/deposit-bills.ts";
import type { SystemMerchantScope } from "../domain/identity/merchant-scope.ts";
import { seedBill } from "./seed.ts";

export interface SeededDelivery {
  deliveryId: string;
  eventId: string;
  billNo: string;
}

/**
 * A credited bill (seedBill) and its `deposit.credited` event written as the deposit listener writes it
 * (recordBillEvent: the outbox event, the delivery due at once, the NOTIFY), in one transaction. `scope` is the
 * test's own system scope for the merchant (only tests and the listeners act as the system).
 */
export async function seedCreditedDelivery(
  db: Kysely<DB>,
  scope: SystemMerchantScope,
  input: { appCode: string; amount?: string },
): Promise<SeededDelivery> {
  const { billNo } = await seedBill(db, { ...input, userId: scope.merchantId, status: "credited" });
  return db.transaction().execute(async (trx) => {
    const { transfer_id } = await trx
      .selectFrom("application_bills")
      .select("transfer_id")
      .where("bill_no", "=", billNo)
      .executeTakeFirstOrThrow();
    const bill = await lockBillOf(trx, transfer_id);
    if (!bill) throw new Error(`bill ${billNo} is not there`);
    await recordBillEvent(trx, scope, "deposit.credited", bill, [{ chainId: 31337, product: "Devnet" }], new Date());
    const delivery = await trx
      .selectFrom("callback_deliveries")
      .select(["id", "event_id"])
      .where("bill_id", "=", bill.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { deliveryId: delivery.id, eventId: delivery.event_id, billNo };
  });
}
