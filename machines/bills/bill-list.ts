import { type AppBill, billStatuses, noticeStatuses } from "../../contracts/schemas/bills.ts";
import { billsEndpoints } from "../../contracts/endpoints/bills.ts";
import { listArea } from "../lists/list-area.ts";

/**
 * Application bills (spec sections 2–4) on the list framework: every deposit to the applications'
 * addresses, searched by application, status, notice status, pay time, a whole transaction hash and a whole address
 * (the deposit address or the sender); its rows are live (a bill counts its confirmations up as they come).
 */
export const billListArea = listArea(
  { pages: billsEndpoints.billList, file: billsEndpoints.billExport },
  {
    name: "bills",
    fields: [
      { name: "appCode", kind: "application" },
      {
        name: "status",
        kind: "choice",
        options: billStatuses,
        optionLabels: "bills.status",
        any: "bills.search.anyStatus",
      },
      {
        name: "noticeStatus",
        kind: "choice",
        options: noticeStatuses,
        optionLabels: "bills.notice",
        any: "bills.search.anyStatus",
      },
      { name: "startTime", kind: "from" },
      { name: "endTime", kind: "until" },
      { name: "txHash", kind: "text", code: "hex" },
      { name: "address", kind: "text", code: "hex" },
    ],
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (bill) => bill.billNo,
    live: true,
  },
);

/** A bill's confirmations while it is confirming ("2 / 3"); null once it is credited or taken away. */
export type ConfirmationView = { confirmations: number; required: number } | null;

/** A bill as its row and its details dialog show it. */
export interface BillRow {
  bill: AppBill;
  progress: ConfirmationView;
}

export const progressOf = (bill: AppBill): ConfirmationView =>
  bill.status === "confirming"
    ? { confirmations: Math.min(bill.confirmations, bill.required), required: bill.required }
    : null;

export const billRowOf = (bill: AppBill): BillRow => ({ bill, progress: progressOf(bill) });
