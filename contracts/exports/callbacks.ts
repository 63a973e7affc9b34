import type { CallbackAttempt } from "../schemas/callbacks.ts";
import { codeOf, coded, type ExportTable, milliseconds, type Say, shown, utcTime } from "./export-columns.ts";

/** What the list shows under an event's name: its bill, its withdrawal, its invoice, or (a test event) the event's id. */
export const eventReference = (
  a: Pick<CallbackAttempt, "billNo" | "withdrawalId" | "invoiceId" | "eventId">,
  say: Say,
): string =>
  a.billNo ??
  (a.withdrawalId !== null
    ? say("callbacks.withdrawalNo", { id: a.withdrawalId })
    : a.invoiceId !== null
      ? say("callbacks.invoiceNo", { id: a.invoiceId })
      : a.eventId);

/**
 * Transaction callbacks' export: the list's columns (src/features/callbacks/callback-table.tsx), what a cell shows
 * under its first line after " · ", the codes beside the labels, the bodies whole, the latency a plain figure under "Latency (ms)".
 */
export const callbackExportTable: ExportTable<CallbackAttempt> = [
  utcTime("callbacks.columns.sentAt", (a) => a.sentAt),
  shown(
    "callbacks.columns.event",
    (a, say) => `${say(`callbacks.eventType.${a.eventType}`)} · ${eventReference(a, say)}`,
  ),
  codeOf("callbacks.columns.event", (a) => a.eventType),
  shown("callbacks.columns.application", (a) => a.appName),
  codeOf("callbacks.columns.application", (a) => a.appCode),
  shown("callbacks.columns.url", (a, say) => `${say(`callbacks.target.${a.target}`)} · ${a.url}`),
  shown("callbacks.columns.attempt", (a, say) => `#${a.attemptNo} · ${say(`callbacks.trigger.${a.trigger}`)}`),
  shown("callbacks.columns.status", (a, say) => {
    const status = a.responseStatus === null ? say("callbacks.noAnswer") : String(a.responseStatus);
    return a.error === null ? status : `${status} · ${a.error}`;
  }),
  milliseconds("callbacks.columns.latency", (a) => a.latencyMs),
  shown("callbacks.columns.requestBody", (a) => a.requestBody),
  shown("callbacks.columns.responseBody", (a) => a.responseBody),
  // This attempt's own result, and apart from it where the event's delivery stands now.
  ...coded<CallbackAttempt>(
    "callbacks.columns.result",
    (a) => a.result,
    (result) => `callbacks.result.${result}`,
  ),
  ...coded<CallbackAttempt>(
    "callbacks.columns.delivery",
    (a) => a.deliveryStatus,
    (status) => `callbacks.delivery.${status}`,
  ),
  utcTime("callbacks.columns.nextRetry", (a) => a.nextRetryAt),
  // The id a receiver dedupes on (webhook-id), as the details name it.
  shown("callbacks.details.eventId", (a) => a.eventId),
];
