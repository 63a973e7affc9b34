import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import {
  type Order,
  type OrderCodeRequest,
  type OrderDetail,
  type OrderExportRequest,
  type OrderListRequest,
  type OrderListResult,
  type OrderStatus,
  orderListRequest,
} from "../../contracts/schemas/order.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";
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
 * The search form of My orders (spec section 2) as the merchant filled it in: a status ("" for all), a part of an
 * order code, and the start and end of the created time as the browser's date-time fields give them
 * ("2026-01-02T09:30", local time; "" leaves that end open).
 */
export interface OrderSearch {
  status: OrderStatus | "";
  orderCode: string;
  startTime: string;
  endTime: string;
}

export const emptySearch: OrderSearch = { status: "", orderCode: "", startTime: "", endTime: "" };

export const orderPageSizes = [10, 20, 50] as const;
export const defaultPageSize = 10;

/** What the pay dialog is opened for: paying the order, or cancelling it (the dialog asks for confirmation). */
export type PayIntent = "pay" | "cancel";

export interface OrderListContext {
  /** The search the list shows (the last valid one sent). */
  search: OrderSearch;
  /** Bumped by Reset: the form starts again from `search`. */
  formRevision: number;
  fieldErrors: FieldErrors;
  /** The page shown (or being loaded) and the cursors beside it (machines/lists/keyset-paging.ts). */
  paging: KeysetPaging;
  items: Order[];
  /** A list has arrived once: a later load keeps it on screen. */
  loaded: boolean;
  failure: Failure | null;
  /** The order whose details dialog is open. */
  detailCode: string | null;
  detail: OrderDetail | null;
  detailFailure: Failure | null;
  /** The order the pay dialog is open for. */
  payTarget: { order: Order; intent: PayIntent } | null;
}

export type OrderListEvent =
  | ({ type: "orders.search" } & OrderSearch)
  | { type: "orders.reset" }
  | { type: "orders.retry" }
  | { type: "orders.page"; page: number }
  | { type: "orders.pageSize"; pageSize: number }
  | { type: "order.details"; orderCode: string }
  | { type: "order.pay"; orderCode: string }
  | { type: "order.cancel"; orderCode: string }
  | { type: "details.retry" }
  | { type: "details.close" }
  | { type: "payDialog.close" };

/** The request of one page of the list for a search: empty fields are left out. */
export function toOrderListRequest(
  search: OrderSearch,
  paging: { cursor?: string; pageSize: number } = { pageSize: defaultPageSize },
): OrderListRequest {
  const orderCode = search.orderCode.trim();
  return {
    ...(search.status ? { status: search.status } : {}),
    ...(orderCode ? { orderCode } : {}),
    ...(search.startTime ? { startTime: toInstant(search.startTime, "start") } : {}),
    ...(search.endTime ? { endTime: toInstant(search.endTime, "end") } : {}),
    ...paging,
  } as OrderListRequest;
}

/** The export's request for a search: the list's filters, without paging. */
export const toOrderExportRequest = (search: OrderSearch): OrderExportRequest =>
  withoutPaging(toOrderListRequest(search));

const searchOf = (event: OrderSearch): OrderSearch => ({
  status: event.status,
  orderCode: event.orderCode,
  startTime: event.startTime,
  endTime: event.endTime,
});

/** The form's problems (i18n keys by field): the request schema's, and an end before the start. */
export function searchErrors(search: OrderSearch): FieldErrors {
  const request = toOrderListRequest(search);
  const errors = fieldErrorsOf(orderListRequest.safeParse(request));
  if (
    !errors.startTime &&
    !errors.endTime &&
    request.startTime &&
    request.endTime &&
    Date.parse(request.endTime) < Date.parse(request.startTime)
  ) {
    errors.endTime = "orders.search.endBeforeStart";
  }
  return errors;
}

/** Pay status in which an order can still be paid (spec section 4: pending, and waiting while it is checked). */
export const payableStatuses: ReadonlySet<OrderStatus> = new Set(["pending", "waiting"]);
/** Only a pending order can be cancelled: one with a transfer seen is waiting for its confirmations. */
export const cancellableStatuses: ReadonlySet<OrderStatus> = new Set(["pending"]);

const listed = (context: OrderListContext, orderCode: string) =>
  context.items.find((order) => order.orderCode === orderCode);

const searchTransitions = {
  "orders.search": [
    { guard: "searchValid", target: "loading", actions: "applySearch" },
    { actions: "showSearchErrors" },
  ],
  "orders.reset": { target: "loading", actions: "resetSearch" },
} as const;

/**
 * My orders (spec sections 2–4): the server filters and pages the list; a details dialog per order; Pay and Cancel
 * open the pay dialog, and the list is asked for again when it closes (the order may have changed).
 */
export const orderListMachine = setup({
  types: {} as { context: OrderListContext; events: OrderListEvent },
  actors: {
    loadOrders: fromPromise<OrderListResult, OrderListRequest>(async () => {
      throw new Error("loadOrders is provided by the app");
    }),
    loadOrderDetail: fromPromise<OrderDetail, OrderCodeRequest>(async () => {
      throw new Error("loadOrderDetail is provided by the app");
    }),
  },
  actions: {
    applySearch: assign(({ context, event }) =>
      event.type === "orders.search"
        ? { search: searchOf(event), fieldErrors: {}, paging: fromFirstPage(context.paging) }
        : {},
    ),
    showSearchErrors: assign(({ event }) =>
      event.type === "orders.search" ? { fieldErrors: searchErrors(searchOf(event)) } : {},
    ),
    resetSearch: assign(({ context }) => ({
      search: emptySearch,
      fieldErrors: {},
      paging: fromFirstPage(context.paging),
      formRevision: context.formRevision + 1,
    })),
  },
  guards: {
    searchValid: ({ event }) =>
      event.type === "orders.search" && Object.keys(searchErrors(searchOf(event))).length === 0,
    /** The page after or before the one shown, when there is one. */
    besidePage: ({ context, event }) => event.type === "orders.page" && pagingTo(context.paging, event.page) !== null,
    otherPageSize: ({ context, event }) =>
      event.type === "orders.pageSize" &&
      (orderPageSizes as readonly number[]).includes(event.pageSize) &&
      event.pageSize !== context.paging.pageSize,
    listed: ({ context, event }) => event.type === "order.details" && listed(context, event.orderCode) !== undefined,
    payable: ({ context, event }) =>
      event.type === "order.pay" && payableStatuses.has(listed(context, event.orderCode)?.status as OrderStatus),
    cancellable: ({ context, event }) =>
      event.type === "order.cancel" && cancellableStatuses.has(listed(context, event.orderCode)?.status as OrderStatus),
  },
}).createMachine({
  id: "orderList",
  context: {
    search: emptySearch,
    formRevision: 0,
    fieldErrors: {},
    paging: firstPage(defaultPageSize),
    items: [],
    loaded: false,
    failure: null,
    detailCode: null,
    detail: null,
    detailFailure: null,
    payTarget: null,
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadOrders",
        src: "loadOrders",
        input: ({ context }) =>
          orderListRequest.parse(toOrderListRequest(context.search, pagingRequest(context.paging))),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            items: event.output.items,
            paging: pageArrived(context.paging, event.output),
            loaded: true,
            failure: null,
          })),
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      on: { ...searchTransitions, "orders.retry": "loading" },
    },
    ready: {
      on: {
        ...searchTransitions,
        "orders.page": {
          guard: "besidePage",
          target: "loading",
          actions: assign({ paging: ({ context, event }) => pagingTo(context.paging, event.page) ?? context.paging }),
        },
        "orders.pageSize": {
          guard: "otherPageSize",
          target: "loading",
          actions: assign({ paging: ({ context, event }) => fromFirstPage(context.paging, event.pageSize) }),
        },
        "order.details": {
          guard: "listed",
          target: "details",
          actions: assign({ detailCode: ({ event }) => event.orderCode, detail: null, detailFailure: null }),
        },
        "order.pay": {
          guard: "payable",
          target: "paying",
          actions: assign({
            payTarget: ({ context, event }) => ({
              order: listed(context, event.orderCode) as Order,
              intent: "pay" as const,
            }),
          }),
        },
        "order.cancel": {
          guard: "cancellable",
          target: "paying",
          actions: assign({
            payTarget: ({ context, event }) => ({
              order: listed(context, event.orderCode) as Order,
              intent: "cancel" as const,
            }),
          }),
        },
      },
    },
    details: {
      on: {
        "details.close": { target: "ready", actions: assign({ detailCode: null, detail: null, detailFailure: null }) },
      },
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadOrderDetail",
            src: "loadOrderDetail",
            input: ({ context }) => ({ orderCode: context.detailCode ?? "" }),
            onDone: { target: "ready", actions: assign({ detail: ({ event }) => event.output, detailFailure: null }) },
            onError: { target: "failed", actions: assign({ detailFailure: ({ event }) => toFailure(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { "details.retry": "loading" } },
      },
    },
    // The pay dialog runs its own machine; when it closes, the order may be paid, waiting or cancelled.
    paying: {
      on: { "payDialog.close": { target: "loading", actions: assign({ payTarget: null }) } },
    },
  },
});

export type OrderListActor = ActorRefFrom<typeof orderListMachine>;
