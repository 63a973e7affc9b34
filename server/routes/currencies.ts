import { devPayOrder, payChainsOf } from "../domain/payments/chain-payments.ts";
import { currencyList } from "../domain/payments/currencies.ts";
import { myCurrencyList, setMyCurrency } from "../domain/payments/my-currencies.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The chains an order can be paid on, the devnet's "Pay from the dev wallet", the Currency list and My currencies. */
export const currencyHandlers: Pick<
  HandlerTable,
  "payChains" | "devPay" | "currencyList" | "myCurrencyList" | "myCurrencySet"
> = {
  payChains: {
    async handle({ services }) {
      return ok(payChainsOf(services.chain));
    },
  },
  currencyList: {
    handle: async ({ services }) => ok(await currencyList(services.chain)),
  },
  myCurrencyList: {
    handle: async ({ db, session, services, now }) => ok(await myCurrencyList(db, session.scope, services.chain, now)),
  },
  myCurrencySet: {
    handle: ({ db, session, services, body, now }) => setMyCurrency(db, session.scope, services.chain, body, now),
  },
  devPay: {
    handle: ({ db, body, session, services, now }) =>
      devPayOrder(db, session.scope, services.chain, body.product, body.orderCode, {
        production: services.production,
        now,
        secret: services.secret,
      }),
  },
};
