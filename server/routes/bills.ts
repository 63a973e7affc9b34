import { billDetail, listBills } from "../domain/bills/bills.ts";
import type { HandlerTable } from "../http/handler.ts";

/** Application bills (contracts/schemas/bills.ts): only ever the signed-in merchant's own; another's number is unknown (2601). */
export const billHandlers: Pick<HandlerTable, "billList" | "billDetail"> = {
  billList: {
    handle: ({ db, body, session, services }) =>
      listBills(db, session.scope, body, { chains: services.chain?.chains ?? [], secret: services.secret }),
  },
  billDetail: {
    handle: ({ db, body, session, services }) =>
      billDetail(db, session.scope, body.billNo, services.chain?.chains ?? []),
  },
};
