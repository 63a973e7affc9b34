import type { Kysely } from "kysely";
import type { AttemptTriggerColumn, DB } from "../../db/schema.ts";
import { liveWebhookSecretsOfRow } from "../applications/webhook-secrets.ts";
import { type CallbackTargets, withoutCredentials } from "./callback-target.ts";
import type { RecordedAttempt } from "./attempt-move.ts";
import { type AttemptToRecord, recordAttempt } from "./record-attempt.ts";
import { reservedHostReason } from "./reserved-hosts.ts";
import { type CallbackAnswer, sendCallback } from "./send-callback.ts";
import { webhookHeaders } from "./webhook-signature.ts";

export interface DeliveryDeps {
  db: Kysely<DB>;
  /** The server secret: webhook secrets are sealed under it. */
  secret: Buffer;
  targets: CallbackTargets;
  clock: () => Date;
  /** Seconds between automatic attempts (contracts' callbackRetrySchedule; a test setting shortens it). */
  retrySchedule?: readonly number[];
  /** The receiver's time limit (send-callback.ts's 10 s by default). */
  timeoutMs?: number;
}

export type { RecordedAttempt } from "./attempt-move.ts";

/**
 * Sends one attempt of a delivery now, to the application's callback URL as it is now, signed with its webhook secrets
 * live now, and records it. Nothing is locked while the receiver answers (up to 10 s): the record takes the delivery's
 * row, numbers the attempt and moves the delivery and its bill's notice status:
 * - a 2xx: `success` (and the bill's notice `success`), whatever triggered it;
 * - otherwise, an automatic attempt schedules the next one (the schedule's next pause) or, once the schedule is spent,
 *   ends the delivery `failed` (the bill's notice `failed`); a manual redelivery or a test leaves the schedule alone.
 * A test event's delivery (`callback.test`) is tried once: success or failed at once. A failed delivery that
 * "redeliver every failed one" made due again (`redelivery_requested`) gets one manual attempt: success, or failed again.
 * Answers null when the delivery is not there (its application deleted) or, for an automatic attempt, when it is no
 * longer pending (a redelivery settled it before the scheduled job ran): nothing is sent then.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  trigger: AttemptTriggerColumn,
): Promise<RecordedAttempt | null> {
  const delivery = await deliveryToSend(deps.db, deliveryId).executeTakeFirst();
  return delivery ? attemptLoadedDelivery(deps, delivery, trigger) : null;
}

/**
 * In one statement, what an attempt sends: the delivery (with what the worker checks first), its application's
 * callback URLs and its sealed webhook secrets, as they are now.
 */
export function deliveryToSend(db: Kysely<DB>, deliveryId: string) {
  return deliveriesToSend(db).where("d.id", "=", deliveryId);
}

/** `deliveryToSend` without the delivery chosen: the caller's `where` picks one or many. */
export function deliveriesToSend(db: Kysely<DB>) {
  return db
    .selectFrom("callback_deliveries as d")
    .innerJoin("applications as a", "a.id", "d.application_id")
    .select([
      "d.id as delivery_id",
      "d.event_id",
      "d.body",
      "d.target",
      "d.merchant_id",
      "d.application_id",
      "d.bill_id",
      "d.event_type",
      "d.status",
      "d.attempts",
      "d.auto_attempts",
      "d.next_attempt_at",
      "d.redelivery_requested",
      "a.id",
      "a.app_key",
      "a.webhook_secret_sealed",
      "a.previous_webhook_secret_sealed",
      "a.previous_webhook_secret_valid_until",
      "a.recharge_callback_url",
      "a.withdraw_callback_url",
    ]);
}

export type DeliveryToSend = Awaited<ReturnType<ReturnType<typeof deliveryToSend>["executeTakeFirstOrThrow"]>>;

/** Records an attempt that was sent (recordAttempt, or the delivery engine's records grouped into one statement). */
export type RecordSent = (attempt: AttemptToRecord) => Promise<RecordedAttempt | null>;

/** `attemptDelivery` of a delivery its caller read with `deliveryToSend` just now. */
export async function attemptLoadedDelivery(
  deps: DeliveryDeps,
  delivery: DeliveryToSend,
  trigger: AttemptTriggerColumn,
  record: RecordSent = ({ sent, seen }) => recordAttempt(deps.db, sent, seen, deps),
): Promise<RecordedAttempt | null> {
  if (trigger === "auto" && delivery.status !== "pending") return null;
  const url = delivery.target === "recharge" ? delivery.recharge_callback_url : delivery.withdraw_callback_url;
  const sentAt = deps.clock();
  const answer = url
    ? await send(deps, delivery, url, sentAt)
    : ({ error: `the application has no ${delivery.target} callback URL`, latencyMs: 0 } satisfies CallbackAnswer);
  return record({
    sent: { deliveryId: delivery.delivery_id, trigger, url: withoutCredentials(url), answer, sentAt },
    seen: delivery,
  });
}

async function send(deps: DeliveryDeps, delivery: DeliveryToSend, url: string, sentAt: Date): Promise<CallbackAnswer> {
  const reserved = reservedHostOf(url, deps.targets.allowPrivate);
  if (reserved) return { error: `not sent: ${reserved}; not retried`, latencyMs: 0, unreachable: true };
  const bytes = Buffer.from(delivery.body, "utf8");
  const secrets = await liveWebhookSecretsOfRow(deps.db, delivery, sentAt, deps.secret);
  const headers = webhookHeaders({ id: delivery.event_id, timestamp: sentAt, body: bytes }, secrets);
  return sendCallback({ url, body: delivery.body, headers: { ...headers }, timeoutMs: deps.timeoutMs }, deps.targets);
}

/** Why the URL's host is a name no receiver can have (reserved-hosts.ts); null for any other URL, or none at all. */
function reservedHostOf(url: string, allowPrivate: boolean): string | null {
  try {
    return reservedHostReason(new URL(url).hostname, allowPrivate);
  } catch {
    return null;
  }
}
