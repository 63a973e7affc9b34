import { takeCheckoutSlot } from "../domain/invoices/checkout-limit.ts";
import { readCheckoutView } from "../domain/invoices/checkout-view.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The hosted checkout page's view of an invoice, by its public id alone (its live stream: http/live-streams.ts). */
export const checkoutHandlers: Pick<HandlerTable, "checkoutView"> = {
  checkoutView: {
    async handle({ db, query, ip, services, now }) {
      const limited = await takeCheckoutSlot({ db, limits: services.limits, refusals: services.refusals }, ip, now);
      return limited ?? readCheckoutView(db, query.invoiceId, { currencies: services.currencies, now });
    },
  },
};
