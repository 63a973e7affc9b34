import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";

/** An attempt as the server lists it: by default the first, failed, automatic attempt of a deposit's event. */
export function sampleAttempt(overrides: Partial<CallbackAttempt> = {}): CallbackAttempt {
  return {
    attemptId: "41",
    deliveryId: "17",
    eventId: "evt_2026020100000101",
    eventType: "deposit.credited",
    appCode: "2026020100000001",
    appName: "Web shop",
    target: "recharge",
    billNo: "2026020100000101",
    withdrawalId: null,
    invoiceId: null,
    attemptNo: 1,
    trigger: "auto",
    url: "https://shop.example.com/callbacks/recharge",
    requestBody: '{"id":"evt_2026020100000101","type":"deposit.credited"}',
    responseStatus: 500,
    responseBody: "upstream unavailable",
    error: null,
    latencyMs: 182,
    result: "failed",
    sentAt: "2026-02-01T10:03:04.000Z",
    nextRetryAt: "2026-02-01T10:03:14.000Z",
    deliveryStatus: "pending",
    ...overrides,
  };
}

/** The same delivery's second attempt, sent by a merchant's redelivery and answered 200. */
export const redeliveredAttempt = (from: CallbackAttempt = sampleAttempt()): CallbackAttempt => ({
  ...from,
  attemptId: String(Number(from.attemptId) + 100),
  attemptNo: from.attemptNo + 1,
  trigger: "manual",
  responseStatus: 200,
  responseBody: "ok",
  latencyMs: 64,
  result: "success",
  sentAt: "2026-02-01T10:05:00.000Z",
  nextRetryAt: null,
  deliveryStatus: "success",
});

/** A test event's attempt: no bill, answered 200. */
export const testAttempt = (overrides: Partial<CallbackAttempt> = {}): CallbackAttempt =>
  sampleAttempt({
    attemptId: "90",
    deliveryId: "60",
    eventId: "evt_test_60",
    eventType: "callback.test",
    billNo: null,
    trigger: "test",
    requestBody: '{"id":"evt_test_60","type":"callback.test"}',
    responseStatus: 200,
    responseBody: '{"received":true}',
    latencyMs: 35,
    result: "success",
    nextRetryAt: null,
    deliveryStatus: "success",
    ...overrides,
  });

/** An attempt no receiver answered: the URL timed out. */
export const unansweredAttempt = (overrides: Partial<CallbackAttempt> = {}): CallbackAttempt =>
  sampleAttempt({
    attemptId: "42",
    responseStatus: null,
    responseBody: "",
    error: "timeout after 10 s",
    latencyMs: 10_000,
    ...overrides,
  });

/** An invoice's event: no bill, it names the invoice by its public id. */
export const invoiceAttempt = (overrides: Partial<CallbackAttempt> = {}): CallbackAttempt =>
  sampleAttempt({
    attemptId: "77",
    deliveryId: "55",
    eventId: "evt_invoice_55",
    eventType: "invoice.paid",
    billNo: null,
    invoiceId: "Qm9vdHN0cmFwSW52b2ljZQ",
    requestBody: '{"id":"evt_invoice_55","type":"invoice.paid"}',
    ...overrides,
  });
