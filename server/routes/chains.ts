import { devPayOrder, payChainsOf } from "../domain/payments/chain-payments.ts";
import { currencyList } from "../domain/payments/currencies.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The chains an order can be paid on, the devnet's "Pay from the dev wallet", and the Currency list. */
export const chainHandlers: Pick<HandlerTable, "payChains" | "devPay" | "currencyList"> = {
  payChains: {
    async handle({ services }) {
      return ok(payChainsOf(services.chain));
    },
  },
  currencyList: {
    handle: async ({ services }) => ok(await currencyList(services.chain)),
  },
  devPay: {
    handle: ({ db, body, session, services, now }) =>
      devPayOrder(db, session.scope, services.chain, body.product, body.orderCode, {
        production: services.production,
        now,
      }),
  },
};
