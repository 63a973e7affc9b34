/** Test and provider-state helpers: they write straight to the database, bypassing the API. */
export * from "./seed/identity.ts";
export * from "./seed/messaging.ts";
export * from "./seed/database.ts";
export * from "./seed/payments.ts";
export * from "./seed/applications.ts";
export * from "./seed/bills.ts";
export * from "./seed/callbacks.ts";
export * from "./seed/wallet.ts";
export * from "./seed/invoices.ts";
