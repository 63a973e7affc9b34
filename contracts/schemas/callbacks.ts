import * as z from "zod/mini";
import { appCodeField } from "./apps.ts";
import { appBill, billNoField } from "./bills.ts";
import { openWithdrawal } from "./open-api.ts";
import { listPage, listPaging } from "./list.ts";
import { isoTimeField, text } from "./fields.ts";
import { type InvoiceEventType, invoiceFlag, invoiceStatus } from "./invoice-states.ts";

/**
 * Transaction callbacks (spec sections 2–4): what this service POSTs to an application's callback URLs, signed
 * per Standard Webhooks 1.0 (`webhook-id`, `webhook-timestamp`, `webhook-signature`), and the log of every attempt that
 * the Transaction callbacks page shows. Times are ISO 8601; ids are decimal strings.
 */

/**
 * Sent to the recharge callback URL:
 * - `deposit.credited`: a deposit reached the merchant's balance (its bill is `credited`).
 * - `deposit.reversed`: a reorganisation took a credited deposit back (its bill is `reversed`).
 *
 * Sent to the withdraw callback URL of the application whose key asked the withdrawal (the open API's), its data the
 * withdrawal as `GET /open/v1/withdrawals/{id}` answers it after the change:
 * - `withdrawal.awaitingApproval`: asked for above the application's auto-approve limit; held, it waits for the
 *   merchant's approval in the console (approved: `withdrawal.requested`; rejected: `withdrawal.failed`).
 * - `withdrawal.requested`: asked for (or approved); its amount and fee are held from the balance, it will be sent.
 * - `withdrawal.signed`: its transaction is signed (and stored) in the treasury.
 * - `withdrawal.broadcast`: its transaction is sent to the chain.
 * - `withdrawal.confirmed`: mined with the chain's confirmations: paid (`txHash`).
 * - `withdrawal.failed`: it will not be paid (`failure` says why); the amount and fee are back in the balance.
 *
 * Sent to the recharge callback URL of the application whose key made the invoice, one event (one id) per change of the
 * invoice's status, its data `invoiceCallbackData`:
 * - `invoice.processing`: money was seen at its address; it counts confirmations (or waits for the rest of the amount).
 * - `invoice.paid`: confirmed money covers the amount (`overpaid` with `excess` when more).
 * - `invoice.expired`: its time ran out first (`underpaid` with `amountReceived` when some came); sent again, flagged
 *   `paidLate`, when money that arrived after that is first credited (confirmed), with it in `amountReceived`.
 * - `invoice.cancelled`: cancelled before anything arrived (again, flagged `paidLate`, once money after it is credited).
 *
 * - `callback.test`: sent from the page on request, to check a receiver; it carries no bill and moves no money.
 */
export const depositEventTypes = ["deposit.credited", "deposit.reversed"] as const;
export const withdrawalEventTypes = [
  "withdrawal.awaitingApproval",
  "withdrawal.requested",
  "withdrawal.signed",
  "withdrawal.broadcast",
  "withdrawal.confirmed",
  "withdrawal.failed",
] as const;
export type WithdrawalEventType = (typeof withdrawalEventTypes)[number];
export const invoiceEventTypes = [
  "invoice.processing",
  "invoice.paid",
  "invoice.expired",
  "invoice.cancelled",
] as const satisfies readonly InvoiceEventType[];
export const callbackEventTypes = [
  ...depositEventTypes,
  ...withdrawalEventTypes,
  ...invoiceEventTypes,
  "callback.test",
] as const;
export const callbackEventType = z.enum(callbackEventTypes);
export type CallbackEventType = z.infer<typeof callbackEventType>;

/** Which of the application's two callback URLs: deposits go to the recharge one, withdrawals to the withdraw one. */
export const callbackTargets = ["recharge", "withdraw"] as const;
export const callbackTarget = z.enum(callbackTargets);
export type CallbackTarget = z.infer<typeof callbackTarget>;

/**
 * A delivery's state: `pending` while attempts remain (the next one at `nextRetryAt`), `success` once a receiver
 * answered 2xx, `failed` when the retry budget ran out (a manual redelivery may still turn it into `success`).
 */
export const deliveryStatuses = ["pending", "success", "failed"] as const;
export const deliveryStatus = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;

/** One attempt's outcome: only a 2xx answer is `success`; any other status, a timeout, a network error or a refused URL is `failed`. */
export const attemptResults = ["success", "failed"] as const;
export const attemptResult = z.enum(attemptResults);
export type AttemptResult = z.infer<typeof attemptResult>;

/** What started an attempt: the retry schedule (`auto`), a merchant's redelivery (`manual`), or a test event (`test`). */
export const attemptTriggers = ["auto", "manual", "test"] as const;
export const attemptTrigger = z.enum(attemptTriggers);

/** The data of a test event. */
export const callbackTestData = z.object({
  appCode: z.string(),
  target: callbackTarget,
  message: z.string(),
});

/** What an `invoice.*` event tells: the invoice after the change. Amounts are USDT decimal strings. */
export const invoiceCallbackData = z.object({
  invoiceId: z.string(),
  /** The merchant's own id of the order. */
  orderId: z.string(),
  status: invoiceStatus,
  flags: z.array(invoiceFlag),
  amount: z.string(),
  /** Confirmed money (credited to the balance). */
  amountReceived: z.string(),
  /** Confirmed money past the amount: "0" unless overpaid. */
  excess: z.string(),
});
export type InvoiceCallbackData = z.infer<typeof invoiceCallbackData>;

/**
 * The JSON body POSTed to the receiver (Standard Webhooks' recommended shape, plus the event id): the same event id,
 * type, timestamp and data on every retry and redelivery, so a receiver drops a repeat by `id` (= `webhook-id`).
 * `data` is the bill as the console shows it (`appBill`) for deposit events, the withdrawal (`openWithdrawal`) for
 * withdrawal events, `invoiceCallbackData` for invoice events, `callbackTestData` for a test event.
 */
export const callbackPayload = z.object({
  id: z.string(),
  type: callbackEventType,
  /** When the event happened (the credit or reversal), not when this attempt was sent (that is `webhook-timestamp`). */
  timestamp: z.iso.datetime(),
  data: z.union([appBill, openWithdrawal, invoiceCallbackData, callbackTestData]),
});
export type CallbackPayload = z.infer<typeof callbackPayload>;

/** The schedule between automatic attempts, in seconds: the first is sent at once, then these pauses (about 3 days in all). */
export const callbackRetrySchedule = [10, 60, 600, 3600, 21_600, 43_200, 86_400, 86_400] as const;

/** One attempt to deliver one event to one URL, as the Transaction callbacks page lists it. */
export const callbackAttempt = z.object({
  attemptId: z.string(),
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: callbackEventType,
  appCode: z.string(),
  appName: z.string(),
  target: callbackTarget,
  /** The bill a deposit event tells of; null for other events. */
  billNo: z.nullable(z.string()),
  /** The withdrawal a withdrawal event tells of; null for other events. */
  withdrawalId: z.nullable(z.string()),
  /** The invoice an invoice event tells of (its public id, as the open API and the checkout page name it); null for other events. */
  invoiceId: z.nullable(z.string()),
  /** 1 for the first attempt of a delivery, counting automatic and manual ones. */
  attemptNo: z.int(),
  trigger: attemptTrigger,
  url: z.string(),
  /** The exact JSON text that was POSTed (the signed bytes). */
  requestBody: z.string(),
  /** The receiver's HTTP status; null when none answered (`error` says why). */
  responseStatus: z.nullable(z.int()),
  /** The first 4 kB of the receiver's answer. */
  responseBody: z.string(),
  /** Timeout, network error, or the URL refused (a non-public address); null when the receiver answered. */
  error: z.nullable(z.string()),
  latencyMs: z.int(),
  result: attemptResult,
  sentAt: z.iso.datetime(),
  /** When the delivery's next automatic attempt is due after this one; null when none is (success, or the budget is spent). */
  nextRetryAt: z.nullable(z.iso.datetime()),
  /** The delivery's state now (this attempt may be an earlier one). */
  deliveryStatus,
});
export type CallbackAttempt = z.infer<typeof callbackAttempt>;

export const maxCallbackPageSize = 100;

/** An invoice's public id as typed in the console: 22 characters of base64url. */
const callbackInvoiceIdField = text(z.regex(/^[A-Za-z0-9_-]{22}$/, "validation.invoiceId"));

/** The attempts' filters, every one optional. */
export const callbackFilters = {
  appCode: z.optional(appCodeField),
  eventType: z.optional(callbackEventType),
  result: z.optional(attemptResult),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
  /** Only the attempts of one bill's events (the link from Application bills). */
  billNo: z.optional(billNoField),
  /** Only the attempts of one invoice's events (the link from an invoice's details). */
  invoiceId: z.optional(callbackInvoiceIdField),
};

/** The attempts' search: the filters, newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const callbackListRequest = z.strictObject({ ...callbackFilters, ...listPaging(maxCallbackPageSize) });
export type CallbackListRequest = z.infer<typeof callbackListRequest>;

export const callbackListResult = listPage(callbackAttempt);
export type CallbackListResult = z.infer<typeof callbackListResult>;

/**
 * Transaction callbacks as a CSV file (`callbackExport`, a download): every attempt the filters select, newest first,
 * as the list reads them in the request's `Language` (contracts/exports/callbacks.ts; the bodies whole, quoted where
 * CSV needs it).
 */
export const callbackExportRequest = z.strictObject(callbackFilters);
export type CallbackExportRequest = z.infer<typeof callbackExportRequest>;

const idField = text(z.regex(/^\d{1,19}$/, "validation.attemptId"));

/** Sends the event of this attempt's delivery again, now, to the URL the application has now; answers the new attempt. */
export const callbackRedeliverRequest = z.strictObject({ attemptId: idField });
export type CallbackRedeliverRequest = z.infer<typeof callbackRedeliverRequest>;

/** Queues a new attempt for every failed delivery whose event is at or after `since` (of one application, or all). */
export const callbackRedeliverFailedRequest = z.strictObject({
  since: isoTimeField,
  appCode: z.optional(appCodeField),
});
export type CallbackRedeliverFailedRequest = z.infer<typeof callbackRedeliverFailedRequest>;
export const callbackRedeliverFailedResult = z.object({ queued: z.int() });

/** Sends a signed `callback.test` event to one of the application's callback URLs now; answers the attempt. */
export const callbackTestRequest = z.strictObject({ appCode: appCodeField, target: callbackTarget });
export type CallbackTestRequest = z.infer<typeof callbackTestRequest>;
