import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { Kysely } from "kysely";
import type { WithdrawalEventType } from "../../../contracts/schemas/callbacks.ts";
import type { DB } from "../../db/schema.ts";
import { notifyLive } from "../platform/live-changes.ts";
import { publishEvent } from "../platform/event-outbox.ts";
import { withdrawalToWire } from "./withdrawal-wire.ts";

/**
 * A withdrawal's change told to the application whose key asked it (migration 0034), in the transaction that made the
 * change: its data the withdrawal as it is now (`openWithdrawal`), to the application's withdraw callback URL, signed,
 * retried and logged as deposits' events are (platform/event-outbox.ts). A withdrawal asked in the console names no
 * application, and is told to none. Every change is raised on the merchant's transaction records' live stream too.
 */
export async function publishWithdrawalEvent(
  trx: Kysely<DB>,
  withdrawalId: string,
  currencies: CurrencyRegistry,
  type: WithdrawalEventType,
  at: Date,
): Promise<void> {
  const withdrawal = await trx.selectFrom("withdrawals").selectAll().where("id", "=", withdrawalId).executeTakeFirst();
  if (!withdrawal) return;
  // Every change reaches the merchant's open pages, whoever asked for the withdrawal.
  await notifyWithdrawalChanged(trx, withdrawal.merchant_id, withdrawalId);
  if (!withdrawal.application_id) return;
  await publishEvent(trx, {
    type,
    merchantId: withdrawal.merchant_id,
    applicationId: withdrawal.application_id,
    target: "withdraw",
    subject: { withdrawalId },
    data: withdrawalToWire(withdrawal, currencies),
    at,
  });
}

/**
 * A change of the withdrawal raised on its merchant's live channel, in the caller's transaction: Transaction records
 * and My wallet follow it (the records' stream, key `w<id>`), whether or not an application is told.
 */
export const notifyWithdrawalChanged = (trx: Kysely<DB>, merchantId: string, withdrawalId: string): Promise<void> =>
  notifyLive(trx, "transaction", merchantId, `w${withdrawalId}`);
