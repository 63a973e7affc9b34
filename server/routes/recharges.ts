import { exportRecharges, listRecharges } from "../domain/bills/recharge-bills.ts";
import type { HandlerTable } from "../http/handler.ts";

/** Recharge bills (issue 41): the merchant's credits by transfers that are not application deposits, and their CSV. */
export const rechargeHandlers: Pick<HandlerTable, "rechargeList" | "rechargeExport"> = {
  rechargeList: {
    handle: ({ db, body, session, services }) =>
      listRecharges(db, session.scope, body, { chains: services.currencies.chains, secret: services.secret }),
  },
  rechargeExport: {
    handle: async ({ db, body, session, services, now }) =>
      exportRecharges(db, session.scope, body, { chains: services.currencies.chains, now }),
  },
};
