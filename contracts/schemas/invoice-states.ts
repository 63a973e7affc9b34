import * as z from "zod/mini";

/**
 * An invoice's words, the same in the console, the checkout page, the open API, callbacks and CSV.
 * `processing`: a transfer to its address is counting confirmations; `expired`: its time ran out before enough arrived.
 */
export const invoiceStatus = z.enum(["new", "processing", "paid", "expired", "cancelled"]);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;

/**
 * What happened besides the status: `underpaid` (ended expired with less than the amount received), `overpaid` (more
 * than the amount), `paidLate` (money arrived after it expired: credited all the same), `otherChain` (money arrived on
 * a chain the invoice did not offer: credited all the same).
 */
export const invoiceFlag = z.enum(["underpaid", "overpaid", "paidLate", "otherChain"]);
export type InvoiceFlag = z.infer<typeof invoiceFlag>;

/** The callback event types, one event id per state change. */
export const invoiceEventType = z.enum(["invoice.processing", "invoice.paid", "invoice.expired", "invoice.cancelled"]);
export type InvoiceEventType = z.infer<typeof invoiceEventType>;

export const invoiceExpiry = { defaultSeconds: 900, minSeconds: 300, maxSeconds: 7 * 24 * 3600 } as const;
