import { type ActorRefFrom, assign, type EventObject, fromCallback, fromPromise, raise, setup } from "xstate";
import type { AppListResult } from "../../contracts/schemas/apps.ts";
import {
  type AppBill,
  type BillListRequest,
  type BillListResult,
  type BillStatus,
  billListRequest,
  type BillExportRequest,
  type NoticeStatus,
} from "../../contracts/schemas/bills.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";
import { toInstant } from "../lists/search-time.ts";
import {
  fromFirstPage,
  firstPage,
  type KeysetPaging,
  pageArrived,
  pagingRequest,
  pagingTo,
  withoutPaging,
} from "../lists/keyset-paging.ts";

/**
 * The search form of Application bills (spec sections 2–3) as the merchant filled it in: an application's code ("" for
 * all), a status and a notice status ("" for any), the pay time's range as the browser's date-time fields give it
 * (local time, "" leaves that end open), a whole transaction hash and a whole address (the deposit address or the
 * sender).
 */
export interface BillSearch {
  appCode: string;
  status: BillStatus | "";
  noticeStatus: NoticeStatus | "";
  startTime: string;
  endTime: string;
  txHash: string;
  address: string;
}

export const emptyBillSearch: BillSearch = {
  appCode: "",
  status: "",
  noticeStatus: "",
  startTime: "",
  endTime: "",
  txHash: "",
  address: "",
};

export const billPageSizes = [10, 20, 50] as const;
export const defaultBillPageSize = 10;
/** How often the list is asked for again once the live stream has failed (as the pay dialog polls its order). */
export const billPollMs = 5000;

/** An application the filter offers: its code and name. */
export interface AppOption {
  appCode: string;
  name: string;
}

/** One page of bills; the merchant's applications come with the first page (the filter's choices). */
export type BillListLoad = BillListResult & { apps?: AppOption[] };
export interface BillListLoadInput {
  request: BillListRequest;
  withApps: boolean;
}

export interface BillListContext {
  /** The search the list shows (the last valid one sent). */
  search: BillSearch;
  /** Bumped by Reset: the form starts again from `search`. */
  formRevision: number;
  fieldErrors: FieldErrors;
  /** The page shown (or being loaded) and the cursors beside it (machines/lists/keyset-paging.ts). */
  paging: KeysetPaging;
  items: AppBill[];
  /** A list has arrived once: a later load keeps it on screen. */
  loaded: boolean;
  failure: Failure | null;
  /** The applications of the filter; null until they have arrived. */
  apps: AppOption[] | null;
  /** The bill whose details dialog is open, kept live like its row. */
  detail: AppBill | null;
}

export type BillListEvent =
  | ({ type: "bills.search" } & BillSearch)
  | { type: "bills.reset" }
  | { type: "bills.retry" }
  | { type: "bills.page"; page: number }
  | { type: "bills.pageSize"; pageSize: number }
  | { type: "bill.details"; billNo: string }
  | { type: "details.close" }
  /** From the live stream: a bill as it is now (seen, a confirmation more, credited, taken away). */
  | { type: "bill.updated"; bill: AppBill }
  | { type: "bills.streamFailed" }
  /** Raised by the feed while polling: the list is asked for again. */
  | { type: "bills.poll" };

/** The request of one page of the list for a search: empty fields are left out. */
export function toBillListRequest(
  search: BillSearch,
  paging: { cursor?: string; pageSize: number } = { pageSize: defaultBillPageSize },
): BillListRequest {
  const appCode = search.appCode.trim();
  const txHash = search.txHash.trim();
  const address = search.address.trim();
  return {
    ...(appCode ? { appCode } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.noticeStatus ? { noticeStatus: search.noticeStatus } : {}),
    ...(search.startTime ? { startTime: toInstant(search.startTime, "start") } : {}),
    ...(search.endTime ? { endTime: toInstant(search.endTime, "end") } : {}),
    ...(txHash ? { txHash } : {}),
    ...(address ? { address } : {}),
    ...paging,
  } as BillListRequest;
}

/** The export's request for a search: the list's filters, without paging. */
export const toBillExportRequest = (search: BillSearch): BillExportRequest => withoutPaging(toBillListRequest(search));

const searchOf = (event: BillSearch): BillSearch => ({
  appCode: event.appCode,
  status: event.status,
  noticeStatus: event.noticeStatus,
  startTime: event.startTime,
  endTime: event.endTime,
  txHash: event.txHash,
  address: event.address,
});

/** The form's problems (i18n keys by field): the request schema's, and an end before the start. */
export function billSearchErrors(search: BillSearch): FieldErrors {
  const request = toBillListRequest(search);
  const errors = fieldErrorsOf(billListRequest.safeParse(request));
  if (
    !errors.startTime &&
    !errors.endTime &&
    request.startTime &&
    request.endTime &&
    Date.parse(request.endTime) < Date.parse(request.startTime)
  ) {
    errors.endTime = "bills.search.endBeforeStart";
  }
  return errors;
}

export const isFilteredSearch = (search: BillSearch) => Object.values(search).some((value) => value.trim() !== "");

const isListed = (items: AppBill[], billNo: string) => items.some((bill) => bill.billNo === billNo);

/** The applications of the first page of My applications, as the filter offers them. */
export const appOptionsOf = (result: AppListResult): AppOption[] =>
  result.items.map((app) => ({ appCode: app.appCode, name: app.name }));

const searchTransitions = {
  "bills.search": [
    { guard: "searchValid", target: "loading", actions: "applySearch" },
    { actions: "showSearchErrors" },
  ],
  "bills.reset": { target: "loading", actions: "resetSearch" },
} as const;

// One file: the statechart is one `setup().createMachine()` definition, its states and transitions with the actions
// and guards they name, whose types XState infers from the whole (an action written apart loses them); its
// selectors and tests live beside it.
/**
 * Application bills (spec sections 2–4, issue 27): the server filters and pages the list; a details dialog per bill;
 * and, while the page is open, the bills' live stream (`feed`) beside the list, as the pay dialog follows its order:
 *
 * - a bill on the page is updated in place (its confirmations n / required counting up, credited, taken away), in
 *   the dialog too when it is the one open;
 * - a bill not on the page, while page 1 of the unfiltered list is shown, is a new one (the newest come first): the
 *   page is asked for again. With a filter or on a later page it is left alone: the rows do not move under a
 *   merchant who is searching or reading further back, and the next Search or page shows it;
 * - when the stream fails (signed out, too many streams, the network), the list is asked for again every 5 s instead.
 */
export const billListMachine = setup({
  types: {} as { context: BillListContext; events: BillListEvent },
  actors: {
    loadBills: fromPromise<BillListLoad, BillListLoadInput>(async () => {
      throw new Error("loadBills is provided by the app");
    }),
    /** The bills' live stream: sends bill.updated on every change, bills.streamFailed once when it breaks. */
    watchBills: fromCallback<EventObject>(() => () => undefined),
  },
  delays: { billPoll: billPollMs },
  actions: {
    applySearch: assign(({ context, event }) =>
      event.type === "bills.search"
        ? { search: searchOf(event), fieldErrors: {}, paging: fromFirstPage(context.paging) }
        : {},
    ),
    showSearchErrors: assign(({ event }) =>
      event.type === "bills.search" ? { fieldErrors: billSearchErrors(searchOf(event)) } : {},
    ),
    resetSearch: assign(({ context }) => ({
      search: emptyBillSearch,
      fieldErrors: {},
      paging: fromFirstPage(context.paging),
      formRevision: context.formRevision + 1,
    })),
  },
  guards: {
    searchValid: ({ event }) =>
      event.type === "bills.search" && Object.keys(billSearchErrors(searchOf(event))).length === 0,
    /** The page after or before the one shown, when there is one. */
    besidePage: ({ context, event }) => event.type === "bills.page" && pagingTo(context.paging, event.page) !== null,
    otherPageSize: ({ context, event }) =>
      event.type === "bills.pageSize" &&
      (billPageSizes as readonly number[]).includes(event.pageSize) &&
      event.pageSize !== context.paging.pageSize,
    listed: ({ context, event }) => event.type === "bill.details" && isListed(context.items, event.billNo),
    updatesListed: ({ context, event }) => event.type === "bill.updated" && isListed(context.items, event.bill.billNo),
    /** A bill the page does not show, while it shows the newest of all: a new bill, to be listed first. */
    newOnFirstPage: ({ context, event }) =>
      event.type === "bill.updated" &&
      context.paging.page === 1 &&
      !isFilteredSearch(context.search) &&
      !isListed(context.items, event.bill.billNo),
  },
}).createMachine({
  id: "billList",
  context: {
    search: emptyBillSearch,
    formRevision: 0,
    fieldErrors: {},
    paging: firstPage(defaultBillPageSize),
    items: [],
    loaded: false,
    failure: null,
    apps: null,
    detail: null,
  },
  type: "parallel",
  on: {
    "bill.updated": {
      guard: "updatesListed",
      actions: assign(({ context, event }) => ({
        items: context.items.map((bill) => (bill.billNo === event.bill.billNo ? event.bill : bill)),
        detail: context.detail?.billNo === event.bill.billNo ? event.bill : context.detail,
      })),
    },
  },
  states: {
    list: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadBills",
            src: "loadBills",
            input: ({ context }) => ({
              request: billListRequest.parse(toBillListRequest(context.search, pagingRequest(context.paging))),
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
        },
        failed: {
          on: { ...searchTransitions, "bills.retry": "loading" },
        },
        ready: {
          on: {
            ...searchTransitions,
            "bills.page": {
              guard: "besidePage",
              target: "loading",
              actions: assign({
                paging: ({ context, event }) => pagingTo(context.paging, event.page) ?? context.paging,
              }),
            },
            "bills.pageSize": {
              guard: "otherPageSize",
              target: "loading",
              actions: assign({ paging: ({ context, event }) => fromFirstPage(context.paging, event.pageSize) }),
            },
            "bill.details": {
              guard: "listed",
              target: "details",
              actions: assign({
                detail: ({ context, event }) => context.items.find((bill) => bill.billNo === event.billNo) ?? null,
              }),
            },
            "bill.updated": {
              guard: "newOnFirstPage",
              target: "loading",
              actions: assign({ paging: ({ context }) => fromFirstPage(context.paging) }),
            },
            "bills.poll": "loading",
          },
        },
        // The bill's every field is in its row: the dialog shows it as the stream keeps it, with no call of its own.
        details: {
          on: { "details.close": { target: "ready", actions: assign({ detail: null }) } },
        },
      },
    },
    feed: {
      initial: "live",
      states: {
        live: {
          invoke: { id: "watchBills", src: "watchBills" },
          on: { "bills.streamFailed": "polling" },
        },
        polling: {
          after: { billPoll: { target: "polling", reenter: true, actions: raise({ type: "bills.poll" }) } },
        },
      },
    },
  },
});

export type BillListActor = ActorRefFrom<typeof billListMachine>;
