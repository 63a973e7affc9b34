import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import {
  type AttemptResult,
  type CallbackAttempt,
  type CallbackEventType,
  type CallbackListRequest,
  type CallbackListResult,
  callbackListRequest,
} from "../../contracts/schemas/callbacks.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";
import type { AppOption } from "../bills/bill-list.ts";
import { pageCountOf, toInstant } from "../orders/order-list.ts";

/**
 * The search form of Transaction callbacks as the merchant filled it in: an application's code, an event type and an
 * attempt's result ("" for any), the send time's range as the browser's date-time fields give it (local time, ""
 * leaves that end open), and a bill number (set by the link from an application bill's details).
 */
export interface CallbackSearch {
  appCode: string;
  eventType: CallbackEventType | "";
  result: AttemptResult | "";
  startTime: string;
  endTime: string;
  billNo: string;
}

export const emptyCallbackSearch: CallbackSearch = {
  appCode: "",
  eventType: "",
  result: "",
  startTime: "",
  endTime: "",
  billNo: "",
};

export const callbackPageSizes = [10, 20, 50] as const;
export const defaultCallbackPageSize = 10;

/** One page of attempts; the merchant's applications come with the first page (the filters' and dialogs' choices). */
export type CallbackListLoad = CallbackListResult & { apps?: AppOption[] };
export interface CallbackListLoadInput {
  request: CallbackListRequest;
  withApps: boolean;
}

/** Where the page was opened from: `?billNo=` of the link in an application bill's details. */
export interface CallbackListInput {
  billNo?: string;
}

export interface CallbackListContext {
  /** The search the list shows (the last valid one sent). */
  search: CallbackSearch;
  /** Bumped by Reset: the form starts again from `search`. */
  formRevision: number;
  fieldErrors: FieldErrors;
  page: number;
  pageSize: number;
  items: CallbackAttempt[];
  total: number;
  /** A list has arrived once: a later load keeps it on screen. */
  loaded: boolean;
  failure: Failure | null;
  /** The applications to choose from; null until they have arrived. */
  apps: AppOption[] | null;
  /** The attempt whose details dialog is open. */
  detail: CallbackAttempt | null;
}

export type CallbackListEvent =
  | ({ type: "callbacks.search" } & CallbackSearch)
  | { type: "callbacks.reset" }
  | { type: "callbacks.retry" }
  | { type: "callbacks.page"; page: number }
  | { type: "callbacks.pageSize"; pageSize: number }
  /** A redelivery or a test event added an attempt: the list is asked for again. */
  | { type: "callbacks.reload" }
  | { type: "attempt.details"; attemptId: string }
  | { type: "details.close" };

/** The request of one page of the list for a search: empty fields are left out. */
export function toCallbackListRequest(search: CallbackSearch, page: number, pageSize: number): CallbackListRequest {
  const appCode = search.appCode.trim();
  const billNo = search.billNo.trim();
  return {
    ...(appCode ? { appCode } : {}),
    ...(search.eventType ? { eventType: search.eventType } : {}),
    ...(search.result ? { result: search.result } : {}),
    ...(search.startTime ? { startTime: toInstant(search.startTime, "start") } : {}),
    ...(search.endTime ? { endTime: toInstant(search.endTime, "end") } : {}),
    ...(billNo ? { billNo } : {}),
    page,
    pageSize,
  } as CallbackListRequest;
}

const searchOf = (event: CallbackSearch): CallbackSearch => ({
  appCode: event.appCode,
  eventType: event.eventType,
  result: event.result,
  startTime: event.startTime,
  endTime: event.endTime,
  billNo: event.billNo,
});

/** The form's problems (i18n keys by field): the request schema's, and an end before the start. */
export function callbackSearchErrors(search: CallbackSearch): FieldErrors {
  const request = toCallbackListRequest(search, 1, defaultCallbackPageSize);
  const errors = fieldErrorsOf(callbackListRequest.safeParse(request));
  if (
    !errors.startTime &&
    !errors.endTime &&
    request.startTime &&
    request.endTime &&
    Date.parse(request.endTime) < Date.parse(request.startTime)
  ) {
    errors.endTime = "callbacks.search.endBeforeStart";
  }
  return errors;
}

export const isFilteredCallbackSearch = (search: CallbackSearch) =>
  Object.values(search).some((value) => value.trim() !== "");

const searchTransitions = {
  "callbacks.search": [
    { guard: "searchValid", target: "loading", actions: "applySearch" },
    { actions: "showSearchErrors" },
  ],
  "callbacks.reset": { target: "loading", actions: "resetSearch" },
} as const;

/**
 * Transaction callbacks (issue 28): every attempt to deliver an event to an application's callback URL, newest first,
 * searched and paged by the server, each with a details dialog (the bodies whole). A redelivery or a test event adds
 * an attempt: the page sends `callbacks.reload` and the page shown is asked for again.
 */
export const callbackListMachine = setup({
  types: {} as { context: CallbackListContext; events: CallbackListEvent; input: CallbackListInput | undefined },
  actors: {
    loadCallbacks: fromPromise<CallbackListLoad, CallbackListLoadInput>(async () => {
      throw new Error("loadCallbacks is provided by the app");
    }),
  },
  actions: {
    applySearch: assign(({ event }) =>
      event.type === "callbacks.search" ? { search: searchOf(event), fieldErrors: {}, page: 1 } : {},
    ),
    showSearchErrors: assign(({ event }) =>
      event.type === "callbacks.search" ? { fieldErrors: callbackSearchErrors(searchOf(event)) } : {},
    ),
    resetSearch: assign(({ context }) => ({
      search: emptyCallbackSearch,
      fieldErrors: {},
      page: 1,
      formRevision: context.formRevision + 1,
    })),
  },
  guards: {
    searchValid: ({ event }) =>
      event.type === "callbacks.search" && Object.keys(callbackSearchErrors(searchOf(event))).length === 0,
    otherPage: ({ context, event }) =>
      event.type === "callbacks.page" &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= pageCountOf(context.total, context.pageSize) &&
      event.page !== context.page,
    otherPageSize: ({ context, event }) =>
      event.type === "callbacks.pageSize" &&
      (callbackPageSizes as readonly number[]).includes(event.pageSize) &&
      event.pageSize !== context.pageSize,
    listed: ({ context, event }) =>
      event.type === "attempt.details" && context.items.some((item) => item.attemptId === event.attemptId),
    /** Attempts went away (another filter's page, a shorter list) and the page asked for is past the last one. */
    pastLastPage: (_, { output }: { output: Pick<CallbackListResult, "items" | "total" | "page"> }) =>
      output.items.length === 0 && output.total > 0 && output.page > 1,
  },
}).createMachine({
  id: "callbackList",
  context: ({ input }) => {
    // A bill number that is not one (a hand-typed address) is left out rather than refused before the page shows.
    const billNo = input?.billNo?.trim() ?? "";
    const search = { ...emptyCallbackSearch, billNo };
    const valid = billNo !== "" && Object.keys(callbackSearchErrors(search)).length === 0;
    return {
      search: valid ? search : emptyCallbackSearch,
      formRevision: 0,
      fieldErrors: {},
      page: 1,
      pageSize: defaultCallbackPageSize,
      items: [],
      total: 0,
      loaded: false,
      failure: null,
      apps: null,
      detail: null,
    };
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadCallbacks",
        src: "loadCallbacks",
        input: ({ context }) => ({
          request: callbackListRequest.parse(toCallbackListRequest(context.search, context.page, context.pageSize)),
          withApps: context.apps === null,
        }),
        onDone: [
          {
            guard: { type: "pastLastPage", params: ({ event }) => ({ output: event.output }) },
            target: "loading",
            reenter: true,
            actions: assign({ page: ({ event }) => pageCountOf(event.output.total, event.output.pageSize) }),
          },
          {
            target: "ready",
            actions: assign(({ context, event }) => ({
              items: event.output.items,
              total: event.output.total,
              page: event.output.page,
              pageSize: event.output.pageSize,
              apps: event.output.apps ?? context.apps,
              loaded: true,
              failure: null,
            })),
          },
        ],
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
      // The answer under way may predate the new attempt: ask again.
      on: { "callbacks.reload": { target: "loading", reenter: true } },
    },
    failed: {
      on: { ...searchTransitions, "callbacks.retry": "loading", "callbacks.reload": "loading" },
    },
    ready: {
      on: {
        ...searchTransitions,
        "callbacks.page": {
          guard: "otherPage",
          target: "loading",
          actions: assign({ page: ({ event }) => event.page }),
        },
        "callbacks.pageSize": {
          guard: "otherPageSize",
          target: "loading",
          actions: assign({ pageSize: ({ event }) => event.pageSize, page: 1 }),
        },
        "callbacks.reload": "loading",
        "attempt.details": {
          guard: "listed",
          target: "details",
          actions: assign({
            detail: ({ context, event }) => context.items.find((item) => item.attemptId === event.attemptId) ?? null,
          }),
        },
      },
    },
    // Every field of the attempt is in its row: the dialog shows it whole, with no call of its own.
    details: {
      on: { "details.close": { target: "ready", actions: assign({ detail: null }) } },
    },
  },
});

export type CallbackListActor = ActorRefFrom<typeof callbackListMachine>;
