import { billDetail, exportBills, listBills } from "../domain/bills/bills.ts";
import type { HandlerTable } from "../http/handler.ts";

/** Application bills (contracts/schemas/bills.ts): only ever the signed-in merchant's own; another's number is unknown (2601). */
export const billHandlers: Pick<HandlerTable, "billList" | "billExport" | "billDetail"> = {
  billList: {
    handle: ({ db, body, session, services }) =>
      listBills(db, session.scope, body, { chains: services.currencies.chains, secret: services.secret }),
  },
  billExport: {
    handle: async ({ db, body, session, services, now }) =>
      exportBills(db, session.scope, body, { chains: services.currencies.chains, now }),
  },
  billDetail: {
    handle: ({ db, body, session, services }) => billDetail(db, session.scope, body.billNo, services.currencies.chains),
  },
};
