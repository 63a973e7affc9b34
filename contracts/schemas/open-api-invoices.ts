import * as z from "zod/mini";
import { emailField, text, trimmedText, usdtAmount } from "./fields.ts";
import { invoiceExpiry, invoiceFlag, invoiceStatus } from "./invoice-states.ts";
import { listCursor, listPage } from "./list.ts";
import { chainName, endUserId } from "./open-api.ts";

/**
 * The open API's invoices: one order of the merchant's, paid in USDT at addresses of its own (one per chain offered),
 * on the checkout page at `checkoutUrl` or by any wallet. Its status, flags and expiry are contracts/schemas/invoice-states.ts.
 */

/** The merchant's id of the order: as an end user's id, printable ASCII without spaces, unique per application. */
export const orderId = endUserId;

/** The most a metadata map holds: keys, a key's length and a value's length. */
export const invoiceMetadataBounds = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 256 } as const;

const metadataKey = z
  .string()
  .check(
    z.regex(
      new RegExp(`^[A-Za-z0-9_.-]{1,${invoiceMetadataBounds.maxKeyLength}}$`),
      `1 to ${invoiceMetadataBounds.maxKeyLength} letters, digits, _ . or -`,
    ),
  );

/** A flat map of strings the merchant gets back as sent: at most 20 keys, each up to 40 characters, values up to 256. */
export const invoiceMetadata = z.record(metadataKey, text(z.maxLength(invoiceMetadataBounds.maxValueLength))).check(
  z.refine((map) => Object.keys(map).length <= invoiceMetadataBounds.maxKeys, {
    message: `at most ${invoiceMetadataBounds.maxKeys} keys`,
  }),
);

/** Where the checkout page's "Return to the site" goes: https only, no user name or password (the server checks its host too). */
export const redirectUrlField = trimmedText(
  z.maxLength(2048),
  z.url({ protocol: /^https$/, error: "an https URL" }),
  z.refine<string>((value) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value), {
    message: "no user name or password in the URL",
  }),
);

export const createInvoiceBody = z.strictObject({
  orderId,
  /** USDT, above 0, at most 6 decimals (what every configured USDT carries). */
  amount: usdtAmount,
  /** Which of the chains the merchant accepts USDT on the customer may pay on (case-insensitive); all of them without it. */
  chains: z.optional(z.array(chainName).check(z.minLength(1), z.maxLength(16))),
  expiresInSeconds: z.optional(z.int().check(z.minimum(invoiceExpiry.minSeconds), z.maximum(invoiceExpiry.maxSeconds))),
  description: z.optional(trimmedText(z.maxLength(500))),
  customerEmail: z.optional(emailField),
  redirectUrl: z.optional(redirectUrlField),
  metadata: z.optional(invoiceMetadata),
});
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

/** 128 random bits, base64url: unguessable, so the checkout page needs no sign-in. */
export const invoiceIdPattern = /^[A-Za-z0-9_-]{22}$/;
export const invoiceIdField = z.string().check(z.regex(invoiceIdPattern, "an invoice id: 22 characters"));
export const invoiceParams = z.strictObject({ invoiceId: invoiceIdField });

/** One chain the invoice can be paid on: the token (the chain's USDT) to send to `address`, its own forwarder's. */
export const invoicePaymentAddress = z.object({
  chain: z.string(),
  chainId: z.int(),
  /** The USDT contract on that chain. */
  token: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  /** EIP-55: the CREATE2 address of the invoice's forwarder on that chain; no private key exists for it. */
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
});
export type InvoicePaymentAddress = z.infer<typeof invoicePaymentAddress>;

export const openInvoice = z.object({
  invoiceId: invoiceIdField,
  orderId,
  status: invoiceStatus,
  flags: z.array(invoiceFlag),
  amount: usdtAmount,
  amountReceived: usdtAmount,
  currency: z.literal("USDT"),
  description: z.nullable(z.string()),
  customerEmail: z.nullable(z.string()),
  redirectUrl: z.nullable(z.string()),
  metadata: z.record(z.string(), z.string()),
  /** The hosted checkout page: public, its id the only key. */
  checkoutUrl: z.string(),
  addresses: z.array(invoicePaymentAddress),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type OpenInvoice = z.infer<typeof openInvoice>;

/** Query strings carry text: a page size 1–100. */
const pageSizeText = z.string().check(z.regex(/^([1-9]\d?|100)$/, "a page size from 1 to 100"));

/** The application's invoices, newest first, by status and order id, a page at a time (10), as bills are. */
export const openInvoiceListQuery = z.strictObject({
  status: z.optional(invoiceStatus),
  orderId: z.optional(orderId),
  cursor: z.optional(listCursor),
  pageSize: z.optional(pageSizeText),
});
export type OpenInvoiceListQuery = z.infer<typeof openInvoiceListQuery>;
export const openInvoiceList = listPage(openInvoice);
export type OpenInvoiceList = z.infer<typeof openInvoiceList>;
