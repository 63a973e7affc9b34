import { acceptableTokens } from "../domain/applications/accepted-currencies.ts";
import { exportConsoleInvoices, listConsoleInvoices } from "../domain/invoices/console-invoices.ts";
import { refundInvoice } from "../domain/invoices/invoice-refunds.ts";
import { createPaymentLink } from "../domain/invoices/payment-links.ts";
import type { HandlerTable } from "../http/handler.ts";
import { listHandlers } from "./list-handlers.ts";

/** Invoices: every invoice of the merchant's applications and their CSV; a payment link made in the console; a refund. */
export const invoiceHandlers: Pick<HandlerTable, "invoiceList" | "invoiceExport" | "invoiceCreate" | "invoiceRefund"> =
  {
    ...listHandlers(
      { pages: "invoiceList", file: "invoiceExport" },
      { pages: listConsoleInvoices, file: exportConsoleInvoices },
    ),
    invoiceCreate: {
      // Its checkout page is under the console's origin, as an open-API invoice's is under the origin it was signed for.
      handle: ({ db, body, session, now, services, origin }) =>
        createPaymentLink(db, session.scope, body, {
          chains: services.currencies.chains,
          tokens: acceptableTokens(services.chain),
          callbackTargets: services.callbackTargets,
          secret: services.secret,
          origin,
          now,
        }),
    },
    invoiceRefund: {
      handle: ({ db, session, body, services, now, ip, userAgent }) =>
        refundInvoice(db, session, body, {
          currencies: services.currencies,
          rules: services.withdrawals,
          now,
          source: { ip, userAgent, now },
          identity: services,
        }),
    },
  };
