import { billDetail, exportBills, listBills } from "../domain/bills/bills.ts";
import type { HandlerTable } from "../http/handler.ts";
import { listHandlers } from "./list-handlers.ts";

/** Application bills (contracts/schemas/bills.ts): only ever the signed-in merchant's own; another's number is unknown (2601). */
export const billHandlers: Pick<HandlerTable, "billList" | "billExport" | "billDetail"> = {
  ...listHandlers({ pages: "billList", file: "billExport" }, { pages: listBills, file: exportBills }),
  billDetail: {
    handle: ({ db, body, session, services }) => billDetail(db, session.scope, body.billNo, services.currencies),
  },
};
