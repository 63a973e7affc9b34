import * as z from "zod/mini";
import { appCodeField } from "./apps.ts";
import { deliveryStatus } from "./callbacks.ts";
import { isoTimeField, text, trimmedText, usdtAmount } from "./fields.ts";
import { invoiceRefund } from "./invoice-refunds.ts";
import { invoiceExpiry, invoiceFlag, invoiceStatus } from "./invoice-states.ts";
import { listPage, listPaging } from "./list.ts";
import { openInvoice } from "./open-api-invoices.ts";

/**
 * The console's Invoices: every invoice of the merchant's applications (made through the open API), as the open API
 * answers it plus its application and the transfers its life counted.
 */

/** One transfer to the invoice's addresses as its life counted it: confirmations n of N, taken away, or first seen late. */
export const invoiceTransferView = z.object({
  /** The chain's name (Devnet, Eth …). */
  chain: z.string(),
  amount: usdtAmount,
  confirmations: z.int(),
  required: z.int(),
  removed: z.boolean(),
  late: z.boolean(),
  /** Its transaction's hash; null when the watcher's record of it is gone. */
  txHash: z.nullable(z.string()),
  /** Its transaction on the chain's explorer, when the chain has one configured (CHAINS' `explorerUrl`). */
  explorerUrl: z.nullable(z.string()),
});
export type InvoiceTransferView = z.infer<typeof invoiceTransferView>;

/**
 * A step of an invoice's life, from what is stored: made; a transfer seen (late: after it ended, so paid late),
 * confirmed, or taken away by a reorganisation; and each change of state with the callback that told of it.
 */
export const invoiceTimelineKind = z.enum([
  "created",
  "transferSeen",
  "transferConfirmed",
  "transferRemoved",
  "processing",
  "paid",
  "expired",
  "cancelled",
]);
export type InvoiceTimelineKind = z.infer<typeof invoiceTimelineKind>;

export const invoiceTimelineEntry = z.object({
  at: z.iso.datetime(),
  kind: invoiceTimelineKind,
  /** The transfer a transfer's step is of. */
  transfer: z.nullable(
    z.object({ chain: z.string(), amount: usdtAmount, txHash: z.nullable(z.string()), late: z.boolean() }),
  ),
  /** The callback a change of state raised: its event id and how its delivery stands. */
  callback: z.nullable(z.object({ eventId: z.string(), status: deliveryStatus, attempts: z.int() })),
});
export type InvoiceTimelineEntry = z.infer<typeof invoiceTimelineEntry>;

/** The open API's invoice, its application, the transfers its life counted, when it was paid, its timeline and its refunds. */
export const consoleInvoice = z.object({
  ...openInvoice.shape,
  appCode: z.string(),
  appName: z.string(),
  transfers: z.array(invoiceTransferView),
  paidAt: z.nullable(z.iso.datetime()),
  /** The withdrawals that give its money back, oldest first. */
  refunds: z.array(invoiceRefund),
  /** Oldest first. */
  timeline: z.array(invoiceTimelineEntry),
});
export type ConsoleInvoice = z.infer<typeof consoleInvoice>;

export const maxInvoicePageSize = 100;

/**
 * Invoices' filters, every one optional: its status, one of its flags (it carries that flag among others), its
 * application, the merchant's order id, when it was made.
 */
export const invoiceFilters = {
  status: z.optional(invoiceStatus),
  flag: z.optional(invoiceFlag),
  appCode: z.optional(trimmedText(z.maxLength(24, "validation.tooLong"), z.regex(/^\d*$/, "validation.appCode"))),
  orderId: z.optional(trimmedText(z.maxLength(128, "validation.tooLong"))),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
};

/** Invoices, newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const invoiceListRequest = z.strictObject({ ...invoiceFilters, ...listPaging(maxInvoicePageSize) });
export type InvoiceListRequest = z.infer<typeof invoiceListRequest>;
export const invoiceListResult = listPage(consoleInvoice);
export type InvoiceListResult = z.infer<typeof invoiceListResult>;

/**
 * Live invoices (server-sent events; `invoiceEvents` in the endpoint table, marked `stream`): the signed-in merchant's
 * invoices, each as the list shows it, whenever its life moves (a transfer seen, a confirmation, paid, expired,
 * cancelled). Nothing at once; after a lost connection the invoices still open (new or processing) are sent again.
 */
export const invoiceEventsPath = "/api/Invoice/Events";
export const invoiceEventName = "invoice";
export const invoiceEventsQuery = z.strictObject({});

/** The same invoices as a CSV file: every one the filters select, as the list reads them (contracts/exports). */
export const invoiceExportRequest = z.strictObject(invoiceFilters);
export type InvoiceExportRequest = z.infer<typeof invoiceExportRequest>;

/** The expiries "Create a payment link" offers, in seconds: 5 and 15 minutes, an hour, a day, a week. */
export const paymentLinkExpiries = [300, 900, 3600, 86_400, 604_800] as const;

/**
 * "Create a payment link": one invoice of one of the merchant's applications, made from the console by a merchant
 * without a developer. Every value it lets through is one the open API's createInvoiceBody takes too; the server
 * names the order (`link-…`). `requestId` (a UUID the dialog makes once) names the request: sent again, it answers the
 * same invoice.
 */
export const paymentLinkRequest = z.strictObject({
  appCode: appCodeField,
  amount: trimmedText(
    z.minLength(1, "validation.required"),
    z.regex(/^\d{1,20}(\.\d{1,6})?$/, "validation.invoiceAmount"),
    z.refine<string>((value) => /[1-9]/.test(value), { message: "validation.invoiceAmount" }),
  ),
  description: z.optional(trimmedText(z.maxLength(500, "validation.tooLong"))),
  expiresInSeconds: z
    .int()
    .check(
      z.minimum(invoiceExpiry.minSeconds, "validation.invoiceExpiry"),
      z.maximum(invoiceExpiry.maxSeconds, "validation.invoiceExpiry"),
    ),
  redirectUrl: z.optional(
    trimmedText(
      z.maxLength(2048, "validation.tooLong"),
      z.url({ protocol: /^https$/, error: "validation.httpsUrl" }),
      z.refine<string>((value) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value), {
        message: "validation.redirectCredentials",
      }),
    ),
  ),
  requestId: text(z.regex(/^[0-9a-f-]{36}$/, "validation.requestId")),
});
export type PaymentLinkRequest = z.infer<typeof paymentLinkRequest>;
