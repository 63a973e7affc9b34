import type { AppBill } from "../../contracts/schemas/bills.ts";
import { billListArea } from "../../machines/bills/bill-list.ts";
import { creditedBill, sampleBill } from "../../machines/bills/bill-test-support.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { emptySearchOf, isFiltered, type ListSearch } from "../../machines/lists/list-area.ts";
import type { ListContext, ListLoad } from "../../machines/lists/list-machine.ts";
import { sampleApp } from "./app-edit.model.ts";

// Application bills as the fake server answers them: the list model's bills (list.model.ts) and the export's.

/** The fake server's bills: one confirming (1 of 3) and one credited, collected and notified, 23 over 3 pages. */
export const sampleBills: AppBill[] = [
  sampleBill({ appCode: sampleApp.appCode, appName: sampleApp.name }),
  creditedBill(),
];
export const sampleBillTotal = 23;
/** The merchant's applications, as the filter offers them. */
export const billApps = [{ appCode: sampleApp.appCode, name: sampleApp.name }];

type Asked = Pick<ListContext, "search" | "paging" | "choices">;
/** The page `pageNo` of `total` bills as the server answers it: cursors beside it, the total counted on page 1 only. */
const page = (context: Asked, items: AppBill[], total: number, pageNo = context.paging.page): ListLoad => ({
  items,
  ...fakeKeysetPaging(pageNo, context.paging.pageSize, total),
  // The applications come with the first answer only.
  ...(context.choices === null ? { choices: billApps } : {}),
});

/** What the server answers for the list as the machine asks for it: a search finds the credited bill only. */
export const billListAnswer = (context: Asked): ListLoad =>
  isFiltered(context.search)
    ? page(context, [sampleBills[1] as AppBill], 1)
    : page(context, sampleBills, sampleBillTotal);
export const noBillsAnswer = (context: Asked): ListLoad => page(context, [], 0);
/** Bills went away meanwhile: the server answers the first page for a cursor past the rows left. */
export const firstPageAgainAnswer = (context: Asked): ListLoad => page(context, sampleBills, 12, 1);

/** The bill one confirmation further: counting up while it confirms, then credited. */
export function confirmedFurther(bill: AppBill): AppBill {
  if (bill.status !== "confirming") return { ...bill, noticeStatus: "success" };
  const confirmations = bill.confirmations + 1;
  return confirmations >= bill.required
    ? { ...bill, status: "credited", confirmations, creditedAt: "2026-02-01T10:03:03.000Z" }
    : { ...bill, confirmations };
}

export const arrivingBill = sampleBill({
  billNo: "2026020100000102",
  txHash: "0x7d0c1b2a39485766a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2",
  confirmations: 0,
  payTime: "2026-02-01T10:04:00.000Z",
});

export const validBillSearch: ListSearch = {
  appCode: sampleApp.appCode,
  status: "credited",
  noticeStatus: "success",
  startTime: "2026-02-01T00:00",
  endTime: "2026-02-02T00:00",
  txHash: creditedBill().txHash,
  address: "",
};
export const invalidBillSearch: ListSearch = {
  ...emptySearchOf(billListArea),
  startTime: "2026-02-02T00:00",
  endTime: "2026-02-01T00:00",
  txHash: "0x12",
  address: "0xnot-an-address",
};
