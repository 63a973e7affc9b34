import type { Kysely } from "kysely";
import { currencyRegistry } from "../chain/currency-registry.ts";
import type { DB } from "../db/schema.ts";
import { lockBillOf, recordBillEvent } from "../domain/bills/deposit-bills.ts";
import type { SystemMerchantScope } from "../domain/platform/merchant-scope.ts";
import { liveWebhookSecretsOfRow } from "../domain/applications/webhook-secrets.ts";
import { type WebhookMessage, webhookHeaders } from "../domain/callbacks/webhook-signature.ts";
import { seedBill } from "./seed.ts";
import { configuredChain } from "./stub-chain.ts";

const devnetCurrencies = currencyRegistry([configuredChain("Devnet", 31337)]);

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
    await recordBillEvent(trx, scope, "deposit.credited", bill, devnetCurrencies, new Date());
    const delivery = await trx
      .selectFrom("callback_deliveries")
      .select(["id", "event_id"])
      .where("bill_id", "=", bill.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { deliveryId: delivery.id, eventId: delivery.event_id, billNo };
  });
}

/** The webhook secrets live at `now` for an application, read as a send reads them (liveWebhookSecretsOfRow). */
export async function liveWebhookSecretsOf(db: Kysely<DB>, applicationId: string, now: Date, secret: Buffer) {
  const row = await db
    .selectFrom("applications")
    .select([
      "id",
      "app_key",
      "webhook_secret_sealed",
      "previous_webhook_secret_sealed",
      "previous_webhook_secret_valid_until",
    ])
    .where("id", "=", applicationId)
    .executeTakeFirstOrThrow();
  return liveWebhookSecretsOfRow(db, row, now, secret);
}

/** The Standard Webhooks headers a callback of this application sent with this message would carry. */
export async function signedAsSent(db: Kysely<DB>, applicationId: string, message: WebhookMessage, secret: Buffer) {
  return webhookHeaders(message, await liveWebhookSecretsOf(db, applicationId, message.timestamp, secret));
}
