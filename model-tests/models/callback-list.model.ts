import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import {
  type CallbackSearch,
  callbackListMachine,
  emptyCallbackSearch,
  isFilteredCallbackSearch,
} from "../../machines/callbacks/callback-list.ts";
import { pageCountOf } from "../../machines/lists/keyset-paging.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { sampleApp } from "./app-edit.model.ts";
import {
  callbackListAnswer,
  firstPageAgainCallbacksAnswer,
  linkedBillNo,
  noCallbacksAnswer,
} from "./callback-fixtures.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(callbackListMachine);

export const validCallbackSearch: CallbackSearch = {
  appCode: sampleApp.appCode,
  eventType: "deposit.credited",
  result: "failed",
  startTime: "2026-02-01T00:00",
  endTime: "2026-02-02T00:00",
  billNo: "",
};
export const invalidCallbackSearch: CallbackSearch = {
  ...emptyCallbackSearch,
  startTime: "2026-02-02T00:00",
  endTime: "2026-02-01T00:00",
  billNo: "12",
};

type E = ModelEvent<typeof callbackListMachine>;

export const callbackListModel: MachineModel<typeof callbackListMachine> = {
  id: "callbackList",
  machine: callbackListMachine,
  starts: [
    { name: "signed in, opens Transaction callbacks", input: {} },
    { name: "signed in, follows Callbacks of this bill from a bill's details", input: { billNo: linkedBillNo } },
  ],
  // What the screen and the offered events depend on: the state, past page 1, errors shown, rows or none, filtered,
  // the applications known, a list shown once.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.paging.page > 1,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.items.length === 0,
      isFilteredCallbackSearch(s.context.search),
      s.context.apps === null,
      s.context.loaded,
    ]),
  events: (s) => {
    const { context } = s;
    const search: E[] = [
      { type: "callbacks.search", ...validCallbackSearch },
      { type: "callbacks.search", ...invalidCallbackSearch },
      { type: "callbacks.reset" },
    ];
    if (s.matches("loading")) {
      const answers: E[] = [
        done("loadCallbacks", callbackListAnswer(context)),
        done("loadCallbacks", noCallbacksAnswer(context)),
        failed("loadCallbacks", failure("5000", "Internal error")),
        { type: "callbacks.reload" },
      ];
      if (context.paging.page > 1) answers.push(done("loadCallbacks", firstPageAgainCallbacksAnswer(context)));
      return answers;
    }
    if (s.matches("failed")) return [{ type: "callbacks.retry" }, { type: "callbacks.reload" }, ...search];
    if (s.matches("ready")) {
      const events: E[] = [...search, { type: "callbacks.reload" }];
      const { paging } = context;
      if (paging.nextCursor) events.push({ type: "callbacks.page", page: paging.page + 1 });
      if (paging.previousCursor) events.push({ type: "callbacks.page", page: paging.page - 1 });
      if (context.items.length > 0)
        events.push({ type: "callbacks.pageSize", pageSize: paging.pageSize === 10 ? 20 : 10 });
      const first = context.items[0];
      if (first) events.push({ type: "attempt.details", attemptId: first.attemptId });
      return events;
    }
    if (s.matches("details")) return [{ type: "details.close" }];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "callbacks.search":
        return `Choose application ${e.appCode || "(all)"}, event type ${e.eventType || "(any)"}, result ${e.result || "(any)"}; sent from ${e.startTime || "(empty)"} until ${e.endTime || "(empty)"}; type bill number "${e.billNo}"; press ${english("callbacks.search.submit")}`;
      case "callbacks.reset":
        return `Press ${english("callbacks.search.reset")}`;
      case "callbacks.retry":
        return `Press ${english("callbacks.retry")} beside ${english("callbacks.loadFailed")}`;
      case "callbacks.reload":
        return `Send a test event to ${sampleApp.name} from ${english("callbacks.test.open")}; it is answered; press ${english("callbacks.test.close")} (the list is asked for again)`;
      case "callbacks.page":
        return `Press ${e.page > 1 ? english("callbacks.pagination.next") : english("callbacks.pagination.previous")} (to page ${e.page})`;
      case "callbacks.pageSize":
        return `Choose ${e.pageSize} in ${english("callbacks.pagination.pageSize")}`;
      case "attempt.details":
        return `Press ${english("callbacks.actions.details")} on attempt ${e.attemptId}`;
      case "details.close":
        return `Press ${english("callbacks.details.close")} in the details dialog`;
      case "xstate.done.actor.loadCallbacks":
        return e.output.items.length === 0
          ? "The server answers that there is no attempt"
          : e.output.previousCursor === null
            ? `The server answers the first page: ${e.output.items.length} attempts of ${e.output.total}`
            : `The server answers ${e.output.items.length} attempts of a later page, with the cursors beside it`;
      case "xstate.error.actor.loadCallbacks":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const problems = Object.values(context.fieldErrors).map((key) => english(key));
    const form = problems.length > 0 ? `; the search form shows ${problems.join(" and ")}` : "";
    const bill = context.search.billNo ? `; the bill number field holds ${context.search.billNo}` : "";
    if (s.matches("loading"))
      return `${context.loaded ? "The list shows its rows while it reloads" : english("callbacks.loading")} (page ${context.paging.page}, ${context.paging.pageSize} per page)${form}${bill}`;
    if (s.matches("failed"))
      return `${english("callbacks.loadFailed")} with ${english("callbacks.retry")}${form}${bill}`;
    if (s.matches("ready")) {
      if (context.items.length === 0)
        return `${isFilteredCallbackSearch(context.search) ? english("callbacks.emptyFiltered") : `${english("callbacks.empty")}, how callbacks come and a link to My applications`}${form}${bill}`;
      return `${context.items.length} attempts, page ${context.paging.page} of ${pageCountOf(context.paging.total, context.paging.pageSize)}, each with its status, latency and bodies${form}${bill}`;
    }
    const attempt = context.detail as CallbackAttempt;
    return `The details dialog of attempt ${attempt.attemptNo} shows every field, the request and response bodies whole`;
  },
  excluded: [],
};
