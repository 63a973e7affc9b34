import type { AppBill } from "../../contracts/schemas/bills.ts";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { billListArea } from "../../machines/bills/bill-list.ts";
import { callbackListArea } from "../../machines/callbacks/callback-list.ts";
import { pageCountOf } from "../../machines/lists/keyset-paging.ts";
import { isFiltered, type ListSearch } from "../../machines/lists/list-area.ts";
import { type ListContext, type ListLoad, listMachine } from "../../machines/lists/list-machine.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { sampleApp } from "./app-edit.model.ts";
import {
  arrivingBill,
  billListAnswer,
  confirmedFurther,
  firstPageAgainAnswer,
  invalidBillSearch,
  noBillsAnswer,
  validBillSearch,
} from "./bill-fixtures.ts";
import { callbackListAnswer, linkedBillNo } from "./callback-fixtures.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed, after } = eventBuilders(listMachine);

type Asked = Pick<ListContext, "search" | "paging" | "choices">;
/** What a path needs of an area: the fake server's answers, and the words for its rows. */
interface AreaWalk {
  answer(context: Asked): ListLoad;
  rows: string;
}
const walks: Record<string, AreaWalk> = {
  bills: { answer: billListAnswer, rows: "bills" },
  callbacks: { answer: callbackListAnswer, rows: "attempts" },
};
const walkOf = (context: Pick<ListContext, "area">) => walks[context.area.name] as AreaWalk;

export const listPollEvent = after("listPoll", "list.feed.polling");

type E = ModelEvent<typeof listMachine>;
type S = Parameters<MachineModel<typeof listMachine>["describeState"]>[0];
const inList = (s: S, state: "loading" | "failed" | "ready" | "details") => s.matches({ list: state });
const live = (s: S) => s.matches({ feed: "live" });
const searchEvent = (search: ListSearch): E => ({ type: "list.search", search });

/**
 * The list framework's one machine (issue 40), walked once in full on Application bills — search with its checks,
 * keyset pages, page sizes, failure and Retry, the first page again, details, live rows and polling — and on
 * Transaction callbacks only for what is its own: opened from a bill's link with its bill number as the search, its
 * rows and details dialog, and the list asked for again when a test event added an attempt.
 */
export const listModel: MachineModel<typeof listMachine> = {
  id: "list",
  machine: listMachine,
  starts: [
    { name: "signed in, opens Application bills", input: { area: billListArea } },
    { name: "signed in, opens Transaction callbacks", input: { area: callbackListArea } },
    {
      name: "signed in, follows Callbacks of this bill from a bill's details",
      input: { area: callbackListArea, search: { billNo: linkedBillNo } },
    },
  ],
  // What the screen and the offered events depend on: the area, the states, past page 1, errors shown, rows or none,
  // filtered, the applications known, a list shown once, and the first row's confirmations.
  serialize: (s) =>
    JSON.stringify([
      s.context.area.name,
      s.value,
      s.context.paging.page > 1,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.items.length === 0,
      isFiltered(s.context.search),
      s.context.choices === null,
      s.context.loaded,
      (s.context.items[0] as AppBill | undefined)?.confirmations ?? null,
    ]),
  events: (s) => (s.context.area.name === "bills" ? billEvents(s) : callbackEvents(s)),
  describeEvent: (e) => {
    switch (e.type) {
      case "list.search":
        return "billNo" in e.search
          ? `Choose application ${e.search.appCode || "(all)"}, event type ${e.search.eventType || "(any)"}, result ${e.search.result || "(any)"}; sent from ${e.search.startTime || "(empty)"} until ${e.search.endTime || "(empty)"}; type bill number "${e.search.billNo}"; press ${english("callbacks.search.submit")}`
          : `Choose application ${e.search.appCode || "(all)"}, status ${e.search.status || "(all)"}, notice status ${e.search.noticeStatus || "(all)"}; paid from ${e.search.startTime || "(empty)"} until ${e.search.endTime || "(empty)"}; type transaction hash "${e.search.txHash}" and address "${e.search.address}"; press ${english("bills.search.submit")}`;
      case "list.reset":
        return `Press ${english("bills.search.reset")}`;
      case "list.retry":
        return `Press ${english("bills.retry")} beside ${english("bills.loadFailed")}`;
      case "list.reload":
        return `Send a test event to ${sampleApp.name} from ${english("callbacks.test.open")}; it is answered; press ${english("callbacks.test.close")} (the list is asked for again)`;
      case "list.page":
        return `Press ${e.page > 1 ? english("bills.pagination.next") : english("bills.pagination.previous")} (to page ${e.page})`;
      case "list.pageSize":
        return `Choose ${e.pageSize} in ${english("bills.pagination.pageSize")}`;
      case "row.details":
        return `Press ${english("bills.actions.details")} on row ${e.key}`;
      case "details.close":
        return `Press ${english("bills.details.close")} in the details dialog`;
      case "row.updated": {
        const bill = e.row as AppBill;
        return bill.billNo === arrivingBill.billNo
          ? `A customer pays into a deposit address: the live stream announces the new bill ${bill.billNo}`
          : `The live stream says bill ${bill.billNo} is now ${bill.status} (${bill.confirmations} of ${bill.required} confirmations, notice ${bill.noticeStatus})`;
      }
      case "feed.failed":
        return "The live stream breaks (the network drops it)";
      case "xstate.done.actor.loadPage":
        return e.output.items.length === 0
          ? "The server answers that there is no row"
          : e.output.previousCursor === null
            ? `The server answers the first page: ${e.output.items.length} rows of ${e.output.total}`
            : `The server answers ${e.output.items.length} rows of a later page, with the cursors beside it`;
      case "xstate.error.actor.loadPage":
        return refusal(e.error);
      default:
        return e.type.startsWith("xstate.after.") ? "5 seconds pass" : e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const n = context.area.name;
    const { rows } = walkOf(context);
    const problems = Object.values(context.fieldErrors).map((key) => english(key));
    const form = problems.length > 0 ? `; the search form shows ${problems.join(" and ")}` : "";
    const bill = context.search.billNo ? `; the bill number field holds ${context.search.billNo}` : "";
    const feed = s.matches({ feed: "off" })
      ? ""
      : `The heading says ${live(s) ? english("bills.feed.live") : english("bills.feed.polling")}; `;
    if (inList(s, "loading"))
      return `${feed}${context.loaded ? "the list shows its rows while it reloads" : english(`${n}.loading`)} (page ${context.paging.page}, ${context.paging.pageSize} per page)${form}${bill}`;
    if (inList(s, "failed")) return `${feed}${english(`${n}.loadFailed`)} with ${english(`${n}.retry`)}${form}${bill}`;
    if (inList(s, "ready")) {
      if (context.items.length === 0)
        return `${feed}${isFiltered(context.search) ? english(`${n}.emptyFiltered`) : `${english(`${n}.empty`)}, how ${rows} arrive and a link to My applications`}${form}${bill}`;
      const first = context.items[0] as AppBill;
      const progress =
        n === "bills" && first.status === "confirming"
          ? `, the first ${first.confirmations} / ${first.required} confirmations`
          : "";
      return `${feed}${context.items.length} ${rows}, page ${context.paging.page} of ${pageCountOf(context.paging.total, context.paging.pageSize)}${progress}${form}${bill}`;
    }
    if (n === "callbacks") {
      const attempt = context.detail as CallbackAttempt;
      return `The details dialog of attempt ${attempt.attemptNo} shows every field, the request and response bodies whole`;
    }
    const open = context.detail as AppBill;
    return `${feed}the details dialog of bill ${open.billNo} shows every field, status ${open.status}${open.status === "confirming" ? ` ${open.confirmations} / ${open.required}` : ""}`;
  },
  excluded: [],
};

/** Application bills: the whole list walked, live rows and polling too. */
function billEvents(s: S): E[] {
  const { context } = s;
  const search: E[] = [searchEvent(validBillSearch), searchEvent(invalidBillSearch), { type: "list.reset" }];
  if (inList(s, "loading")) {
    const answers: E[] = [
      done("loadPage", billListAnswer(context)),
      done("loadPage", noBillsAnswer(context)),
      failed("loadPage", failure("5000", "Internal error")),
    ];
    if (context.paging.page > 1) answers.push(done("loadPage", firstPageAgainAnswer(context)));
    return answers;
  }
  // Polling asks again whatever the list shows: after a failure too.
  if (inList(s, "failed")) return [{ type: "list.retry" }, ...search, ...(live(s) ? [] : [listPollEvent])];
  if (inList(s, "ready")) {
    const events: E[] = [...search];
    const { paging } = context;
    if (paging.nextCursor) events.push({ type: "list.page", page: paging.page + 1 });
    if (paging.previousCursor) events.push({ type: "list.page", page: paging.page - 1 });
    if (context.items.length > 0) events.push({ type: "list.pageSize", pageSize: paging.pageSize === 10 ? 20 : 10 });
    const first = context.items[0] as AppBill | undefined;
    if (first) events.push({ type: "row.details", key: first.billNo });
    // Bills arrive through the stream while it lasts; once it has failed, the polls bring them.
    if (!live(s)) return [...events, listPollEvent];
    if (first) events.push({ type: "row.updated", row: confirmedFurther(first) });
    if (context.paging.page === 1 && !isFiltered(context.search))
      events.push({ type: "row.updated", row: arrivingBill });
    return [...events, { type: "feed.failed" }];
  }
  if (inList(s, "details")) {
    const open = context.detail as AppBill;
    return live(s)
      ? [{ type: "details.close" }, { type: "row.updated", row: confirmedFurther(open) }]
      : [{ type: "details.close" }];
  }
  return [];
}

/**
 * Transaction callbacks, for what is their own: the first page (filtered by the link's bill), its rows and details,
 * a test event that makes the list ask again (while an answer is under way, or after a failure, too), and Reset
 * dropping the link's bill.
 */
function callbackEvents(s: S): E[] {
  const { context } = s;
  if (inList(s, "loading")) {
    const answers: E[] = [done("loadPage", walkOf(context).answer(context))];
    return context.loaded
      ? answers
      : [...answers, { type: "list.reload" }, failed("loadPage", failure("5000", "Internal error"))];
  }
  // A test event sent while the list failed: it is asked for again.
  if (inList(s, "failed")) return [{ type: "list.reload" }];
  if (inList(s, "ready")) {
    const events: E[] = [{ type: "list.reload" }];
    if (isFiltered(context.search)) events.push({ type: "list.reset" });
    const first = context.items[0] as CallbackAttempt | undefined;
    if (first) events.push({ type: "row.details", key: first.attemptId });
    return events;
  }
  if (inList(s, "details")) return [{ type: "details.close" }];
  return [];
}
