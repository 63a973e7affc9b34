import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import {
  type AttemptResult,
  type CallbackAttempt,
  type CallbackEventType,
  type CallbackListRequest,
  type CallbackListResult,
  callbackListRequest,
  type CallbackExportRequest,
} from "../../contracts/schemas/callbacks.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";
import type { AppOption } from "../bills/bill-list.ts";
import {
  firstPage,
  fromFirstPage,
  type KeysetPaging,
  pageArrived,
  pagingRequest,
  pagingTo,
  withoutPaging,
} from "../lists/keyset-paging.ts";
import { toInstant } from "../lists/search-time.ts";

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
  /** The page shown (or being loaded) and the cursors beside it (machines/lists/keyset-paging.ts). */
  paging: KeysetPaging;
  items: CallbackAttempt[];
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
export function toCallbackListRequest(
  search: CallbackSearch,
  paging: { cursor?: string; pageSize: number } = { pageSize: defaultCallbackPageSize },
): CallbackListRequest {
  const appCode = search.appCode.trim();
  const billNo = search.billNo.trim();
  return {
    ...(appCode ? { appCode } : {}),
    ...(search.eventType ? { eventType: search.eventType } : {}),
    ...(search.result ? { result: search.result } : {}),
    ...(search.startTime ? { startTime: toInstant(search.startTime, "start") } : {}),
    ...(search.endTime ? { endTime: toInstant(search.endTime, "end") } : {}),
    ...(billNo ? { billNo } : {}),
    ...paging,
  } as CallbackListRequest;
}

/** The export's request for a search: the list's filters, without paging. */
export const toCallbackExportRequest = (search: CallbackSearch): CallbackExportRequest =>
  withoutPaging(toCallbackListRequest(search));

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
  const request = toCallbackListRequest(search);
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
    applySearch: assign(({ context, event }) =>
      event.type === "callbacks.search"
        ? { search: searchOf(event), fieldErrors: {}, paging: fromFirstPage(context.paging) }
        : {},
    ),
    showSearchErrors: assign(({ event }) =>
      event.type === "callbacks.search" ? { fieldErrors: callbackSearchErrors(searchOf(event)) } : {},
    ),
    resetSearch: assign(({ context }) => ({
      search: emptyCallbackSearch,
      fieldErrors: {},
      paging: fromFirstPage(context.paging),
      formRevision: context.formRevision + 1,
    })),
  },
  guards: {
    searchValid: ({ event }) =>
      event.type === "callbacks.search" && Object.keys(callbackSearchErrors(searchOf(event))).length === 0,
    /** The page after or before the one shown, when there is one. */
    besidePage: ({ context, event }) =>
      event.type === "callbacks.page" && pagingTo(context.paging, event.page) !== null,
    otherPageSize: ({ context, event }) =>
      event.type === "callbacks.pageSize" &&
      (callbackPageSizes as readonly number[]).includes(event.pageSize) &&
      event.pageSize !== context.paging.pageSize,
    listed: ({ context, event }) =>
      event.type === "attempt.details" && context.items.some((item) => item.attemptId === event.attemptId),
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
      paging: firstPage(defaultCallbackPageSize),
      items: [],
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
          request: callbackListRequest.parse(toCallbackListRequest(context.search, pagingRequest(context.paging))),
          withApps: context.apps === null,
        }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            items: event.output.items,
            paging: pageArrived(context.paging, event.output),
            apps: event.output.apps ?? context.apps,
            loaded: true,
            failure: null,
          })),
        },
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
          guard: "besidePage",
          target: "loading",
          actions: assign({ paging: ({ context, event }) => pagingTo(context.paging, event.page) ?? context.paging }),
        },
        "callbacks.pageSize": {
          guard: "otherPageSize",
          target: "loading",
          actions: assign({ paging: ({ context, event }) => fromFirstPage(context.paging, event.pageSize) }),
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
