import type { AppBill } from "../../contracts/schemas/bills.ts";
import {
  type BillListContext,
  type BillListLoad,
  type BillSearch,
  billListMachine,
  emptyBillSearch,
  isFilteredSearch,
} from "../../machines/bills/bill-list.ts";
import { creditedBill, sampleBill } from "../../machines/bills/bill-test-support.ts";
import { pageCountOf } from "../../machines/lists/keyset-paging.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { sampleApp } from "./app-edit.model.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed, after } = eventBuilders(billListMachine);

/** The fake server's bills: one confirming (1 of 3) and one credited, collected and notified, 23 over 3 pages. */
export const sampleBills: AppBill[] = [
  sampleBill({ appCode: sampleApp.appCode, appName: sampleApp.name }),
  creditedBill(),
];
export const sampleBillTotal = 23;
/** The merchant's applications, as the filter offers them. */
export const billApps = [{ appCode: sampleApp.appCode, name: sampleApp.name }];

type Asked = Pick<BillListContext, "search" | "paging" | "apps">;
/** The page `pageNo` of `total` bills as the server answers it: cursors beside it, the total counted on page 1 only. */
const page = (context: Asked, items: AppBill[], total: number, pageNo = context.paging.page): BillListLoad => ({
  items,
  ...fakeKeysetPaging(pageNo, context.paging.pageSize, total),
  // The applications come with the first answer only.
  ...(context.apps === null ? { apps: billApps } : {}),
});

/** What the server answers for the list as the machine asks for it: a search finds the credited bill only. */
export const billListAnswer = (context: Asked): BillListLoad =>
  isFilteredSearch(context.search)
    ? page(context, [sampleBills[1] as AppBill], 1)
    : page(context, sampleBills, sampleBillTotal);
export const noBillsAnswer = (context: Asked): BillListLoad => page(context, [], 0);
/** Bills went away meanwhile: the server answers the first page for a cursor past the rows left. */
export const firstPageAgainAnswer = (context: Asked): BillListLoad => page(context, sampleBills, 12, 1);

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

export const validBillSearch: BillSearch = {
  appCode: sampleApp.appCode,
  status: "credited",
  noticeStatus: "success",
  startTime: "2026-02-01T00:00",
  endTime: "2026-02-02T00:00",
  txHash: creditedBill().txHash,
  address: "",
};
export const invalidBillSearch: BillSearch = {
  ...emptyBillSearch,
  startTime: "2026-02-02T00:00",
  endTime: "2026-02-01T00:00",
  txHash: "0x12",
  address: "0xnot-an-address",
};

export const billPollEvent = after("billPoll", "billList.feed.polling");

type E = ModelEvent<typeof billListMachine>;
type S = Parameters<MachineModel<typeof billListMachine>["describeState"]>[0];
const inList = (s: S, state: "loading" | "failed" | "ready" | "details") => s.matches({ list: state });
const live = (s: S) => s.matches({ feed: "live" });

export const billListModel: MachineModel<typeof billListMachine> = {
  id: "billList",
  machine: billListMachine,
  starts: [{ name: "signed in, opens Application bills", input: undefined }],
  // What the screen and the offered events depend on: the states, past page 1, errors shown, rows or none, filtered,
  // the applications known, and the first row's confirmations.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.paging.page > 1,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.items.length === 0,
      isFilteredSearch(s.context.search),
      s.context.apps === null,
      s.context.items[0]?.confirmations ?? null,
    ]),
  events: (s) => {
    const { context } = s;
    const search: E[] = [
      { type: "bills.search", ...validBillSearch },
      { type: "bills.search", ...invalidBillSearch },
      { type: "bills.reset" },
    ];
    if (inList(s, "loading")) {
      const answers: E[] = [
        done("loadBills", billListAnswer(context)),
        done("loadBills", noBillsAnswer(context)),
        failed("loadBills", failure("5000", "Internal error")),
      ];
      if (context.paging.page > 1) answers.push(done("loadBills", firstPageAgainAnswer(context)));
      return answers;
    }
    if (inList(s, "failed")) return [{ type: "bills.retry" }, ...search];
    if (inList(s, "ready")) {
      const events: E[] = [...search];
      const { paging } = context;
      if (paging.nextCursor) events.push({ type: "bills.page", page: paging.page + 1 });
      if (paging.previousCursor) events.push({ type: "bills.page", page: paging.page - 1 });
      if (context.items.length > 0) events.push({ type: "bills.pageSize", pageSize: paging.pageSize === 10 ? 20 : 10 });
      const first = context.items[0];
      if (first) events.push({ type: "bill.details", billNo: first.billNo });
      // Bills arrive through the stream while it lasts; once it has failed, the polls bring them.
      if (!live(s)) return [...events, billPollEvent];
      if (first) events.push({ type: "bill.updated", bill: confirmedFurther(first) });
      if (context.paging.page === 1 && !isFilteredSearch(context.search))
        events.push({ type: "bill.updated", bill: arrivingBill });
      return [...events, { type: "bills.streamFailed" }];
    }
    if (inList(s, "details")) {
      const open = context.detail as AppBill;
      return live(s)
        ? [{ type: "details.close" }, { type: "bill.updated", bill: confirmedFurther(open) }]
        : [{ type: "details.close" }];
    }
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "bills.search":
        return `Choose application ${e.appCode || "(all)"}, status ${e.status || "(all)"}, notice status ${e.noticeStatus || "(all)"}; paid from ${e.startTime || "(empty)"} until ${e.endTime || "(empty)"}; type transaction hash "${e.txHash}" and address "${e.address}"; press ${english("bills.search.submit")}`;
      case "bills.reset":
        return `Press ${english("bills.search.reset")}`;
      case "bills.retry":
        return `Press ${english("bills.retry")} beside ${english("bills.loadFailed")}`;
      case "bills.page":
        return `Press ${e.page > 1 ? english("bills.pagination.next") : english("bills.pagination.previous")} (to page ${e.page})`;
      case "bills.pageSize":
        return `Choose ${e.pageSize} in ${english("bills.pagination.pageSize")}`;
      case "bill.details":
        return `Press ${english("bills.actions.details")} on bill ${e.billNo}`;
      case "details.close":
        return `Press ${english("bills.details.close")} in the details dialog`;
      case "bill.updated":
        return e.bill.billNo === arrivingBill.billNo
          ? `A customer pays into a deposit address: the live stream announces the new bill ${e.bill.billNo}`
          : `The live stream says bill ${e.bill.billNo} is now ${e.bill.status} (${e.bill.confirmations} of ${e.bill.required} confirmations, notice ${e.bill.noticeStatus})`;
      case "bills.streamFailed":
        return "The live stream breaks (the network drops it)";
      case "xstate.done.actor.loadBills":
        return e.output.items.length === 0
          ? "The server answers that there is no bill"
          : e.output.previousCursor === null
            ? `The server answers the first page: ${e.output.items.length} bills of ${e.output.total}`
            : `The server answers ${e.output.items.length} bills of a later page, with the cursors beside it`;
      case "xstate.error.actor.loadBills":
        return refusal(e.error);
      default:
        return e.type.startsWith("xstate.after.") ? "5 seconds pass" : e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const problems = Object.values(context.fieldErrors).map((key) => english(key));
    const form = problems.length > 0 ? `; the search form shows ${problems.join(" and ")}` : "";
    const feed = s.matches({ feed: "live" }) ? english("bills.feed.live") : english("bills.feed.polling");
    const head = `The heading says ${feed}; `;
    if (inList(s, "loading"))
      return `${head}${context.loaded ? "the list shows its rows while it reloads" : english("bills.loading")} (page ${context.paging.page}, ${context.paging.pageSize} per page)${form}`;
    if (inList(s, "failed")) return `${head}${english("bills.loadFailed")} with ${english("bills.retry")}${form}`;
    if (inList(s, "ready")) {
      if (context.items.length === 0)
        return `${head}${isFilteredSearch(context.search) ? english("bills.emptyFiltered") : `${english("bills.empty")}, how deposits arrive and a link to My applications`}${form}`;
      const first = context.items[0] as AppBill;
      const progress =
        first.status === "confirming" ? `, the first ${first.confirmations} / ${first.required} confirmations` : "";
      return `${head}${context.items.length} bills, page ${context.paging.page} of ${pageCountOf(context.paging.total, context.paging.pageSize)}${progress}${form}`;
    }
    const bill = context.detail as AppBill;
    return `${head}the details dialog of bill ${bill.billNo} shows every field, status ${bill.status}${bill.status === "confirming" ? ` ${bill.confirmations} / ${bill.required}` : ""}`;
  },
  excluded: [],
};
