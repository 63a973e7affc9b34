import { randomUUID } from "node:crypto";
import type { CallbackAttempt, CallbackPayload, CallbackTarget } from "../../../contracts/schemas/callbacks.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { appNotFoundMessage } from "../applications/applications.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import type { Limits } from "../platform/limits.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { takeSlots, waitMessage } from "../platform/rate-limit.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";
import { attemptDelivery, type DeliveryDeps, type RecordedAttempt } from "./attempt-delivery.ts";
import { attemptForWire, isRowId } from "./callback-log.ts";

/** What sending on a merchant's command needs: the delivery's deps and the per-merchant limit. */
export interface CallbackSendDeps extends DeliveryDeps {
  limits: Limits;
  refusals?: RefusalMemo;
}

export const callbackNotFoundMessage = "No such callback attempt";
const noUrl = (target: CallbackTarget) => fail(errCodes.callbackNoUrl, `The application has no ${target} callback URL`);

/** What a test event tells the receiver, besides the application and the URL it was sent to. */
export const testEventMessage = "A test event sent from Merchant Console: it carries no bill and moves no money.";

interface CallbackUrls {
  recharge_callback_url: string;
  withdraw_callback_url: string;
}
const urlOf = (app: CallbackUrls, target: CallbackTarget) =>
  target === "recharge" ? app.recharge_callback_url : app.withdraw_callback_url;

/**
 * Each send on a merchant's command is a request to a URL the merchant chose: a burst is allowed (callbackSends), a
 * stream of them is refused like every other limit (429, errCode 2005, how long to wait).
 */
async function takeSend(deps: CallbackSendDeps, scope: MerchantScope): Promise<Outcome<never> | null> {
  const slot = { bucket: "callback-sends" as const, subject: scope.merchantId, window: deps.limits.callbackSends };
  const taken = await takeSlots(deps.db, [slot], deps.clock(), deps.refusals);
  return taken.ok ? null : fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
}

async function answerOf(
  deps: CallbackSendDeps,
  scope: MerchantScope,
  recorded: RecordedAttempt | null,
): Promise<Outcome<CallbackAttempt>> {
  const attempt = recorded ? await attemptForWire(deps.db, scope, recorded.attemptId) : undefined;
  return attempt ? ok(attempt) : fail(errCodes.callbackNotFound, callbackNotFoundMessage);
}

/**
 * Sends the event of this attempt's delivery again now, as a manual attempt (same event id and body, the URL the
 * application has now), and answers it. Another merchant's attempt is unknown (2701), and nothing is sent.
 */
export async function redeliverCallback(
  deps: CallbackSendDeps,
  scope: MerchantScope,
  attemptId: string,
): Promise<Outcome<CallbackAttempt>> {
  const found = isRowId(attemptId)
    ? await deps.db
        .selectFrom("callback_attempts as at")
        .innerJoin("callback_deliveries as d", "d.id", "at.delivery_id")
        .innerJoin("applications as a", "a.id", "d.application_id")
        .select(["d.id", "d.target", "a.recharge_callback_url", "a.withdraw_callback_url"])
        .where("at.id", "=", attemptId)
        .where("at.merchant_id", "=", scope.merchantId)
        .executeTakeFirst()
    : undefined;
  if (!found) return fail(errCodes.callbackNotFound, callbackNotFoundMessage);
  if (!urlOf(found, found.target)) return noUrl(found.target);
  const limited = await takeSend(deps, scope);
  if (limited) return limited;
  return answerOf(deps, scope, await attemptDelivery(deps, found.id, "manual"));
}

/**
 * A signed `callback.test` event to one of the application's callback URLs, now: a delivery of its own (no outbox
 * event, no bill, never due for the engine) tried once, and the attempt answered. A URL the SSRF guard refuses at
 * send time is no error of the call: the attempt is recorded failed with the reason.
 */
export async function sendTestCallback(
  deps: CallbackSendDeps,
  scope: MerchantScope,
  { appCode, target }: { appCode: string; target: CallbackTarget },
): Promise<Outcome<CallbackAttempt>> {
  const app = await deps.db
    .selectFrom("applications")
    .select(["id", "recharge_callback_url", "withdraw_callback_url"])
    .where("merchant_id", "=", scope.merchantId)
    .where("app_code", "=", appCode)
    .executeTakeFirst();
  if (!app) return fail(errCodes.appNotFound, appNotFoundMessage);
  if (!urlOf(app, target)) return noUrl(target);
  const limited = await takeSend(deps, scope);
  if (limited) return limited;
  const now = deps.clock();
  const eventId = randomUUID();
  const payload: CallbackPayload = {
    id: eventId,
    type: "callback.test",
    timestamp: now.toISOString(),
    data: { appCode, target, message: testEventMessage },
  };
  const delivery = await deps.db
    .insertInto("callback_deliveries")
    .values({
      outbox_event_id: null,
      event_id: eventId,
      event_type: "callback.test",
      merchant_id: scope.merchantId,
      application_id: app.id,
      bill_id: null,
      target,
      body: JSON.stringify(payload),
      next_attempt_at: null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return answerOf(deps, scope, await attemptDelivery(deps, delivery.id, "test"));
}
