import { readCheckoutView } from "../domain/invoices/checkout-view.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The hosted checkout page's view of an invoice, by its public id alone (its live stream: http/live-streams.ts). */
export const checkoutHandlers: Pick<HandlerTable, "checkoutView"> = {
  checkoutView: {
    handle: ({ db, query, services, now }) =>
      readCheckoutView(db, query.invoiceId, { currencies: services.currencies, now }),
  },
};
