import * as z from "zod/mini";
import { invoiceIdField } from "./open-api-invoices.ts";

/**
 * The public demo (/demo01): a real invoice of the demo merchant on the devnet, paid on the hosted checkout page.
 * Nothing to choose: the devnet is the one chain it is paid on.
 */
export const demoCheckoutRequest = z.strictObject({});
export type DemoCheckoutRequest = z.infer<typeof demoCheckoutRequest>;

/** resData of Demo/Checkout: the invoice whose checkout page, /pay/{invoiceId}, the visitor goes on to. */
export const demoInvoice = z.object({ invoiceId: invoiceIdField });
export type DemoInvoice = z.infer<typeof demoInvoice>;
