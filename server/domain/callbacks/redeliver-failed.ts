import type { Kysely } from "kysely";
import type { CallbackRedeliverFailedRequest } from "../../../contracts/schemas/callbacks.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { appNotFoundMessage } from "../applications/applications.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { searchTime } from "../platform/search-time.ts";
import { notifyCallbackDue } from "../platform/notify-channels.ts";

/**
 * "Redeliver every failed one": each failed delivery of the merchant whose event happened at or after `since` (of one
 * application, when named) is made due now for one manual attempt (`redelivery_requested`; the delivery engine sends
 * it, and failing it ends the delivery failed again), in one statement; answers how many. Test events are left out:
 * each was tried once on request, and a receiver has no use for an old one.
 */
export async function redeliverFailedCallbacks(
  db: Kysely<DB>,
  scope: MerchantScope,
  { since, appCode }: CallbackRedeliverFailedRequest,
  now: Date,
): Promise<Outcome<{ queued: number }>> {
  let applicationId: string | undefined;
  if (appCode) {
    const app = await db
      .selectFrom("applications")
      .select("id")
      .where("merchant_id", "=", scope.merchantId)
      .where("app_code", "=", appCode)
      .executeTakeFirst();
    if (!app) return fail(errCodes.appNotFound, appNotFoundMessage);
    applicationId = app.id;
  }
  // The NOTIFY wakes every instance's delivery sweep once the rows are due (else the next 2 s sweep finds them).
  const queued = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("callback_deliveries")
      .set({ status: "pending", next_attempt_at: now, redelivery_requested: true, finished_at: null })
      .where("merchant_id", "=", scope.merchantId)
      .where("status", "=", "failed")
      .where("event_type", "<>", "callback.test")
      .where("created_at", ">=", searchTime(since))
      .$if(applicationId !== undefined, (q) => q.where("application_id", "=", applicationId ?? ""))
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    if (count > 0) await notifyCallbackDue(trx);
    return count;
  });
  return ok({ queued });
}
