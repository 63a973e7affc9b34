import { type ActorRefFrom, assign, type EventObject, fromCallback, fromPromise, raise, setup } from "xstate";
import { type FieldErrors, type Failure, toFailure } from "../api-failure.ts";
import type { AppOption } from "./app-choices.ts";
import {
  firstPage,
  fromFirstPage,
  type KeysetPageAnswer,
  type KeysetPaging,
  pageArrived,
  pagingRequest,
  pagingTo,
} from "./keyset-paging.ts";
import {
  type AnyListArea,
  emptySearchOf,
  isFiltered,
  isValidSearch,
  type ListSearch,
  listRequestOf,
  listSearchErrors,
  searchFrom,
} from "./list-area.ts";

/** One page of rows; the filter's choices (the merchant's applications) come with the first page. */
export type ListLoad = KeysetPageAnswer & { items: unknown[]; choices?: AppOption[] };
export interface ListLoadInput {
  request: unknown;
  withChoices: boolean;
}

/** The list to show, and where it was opened from: a search to start with (a link's `?billNo=`). */
export interface ListInput {
  area: AnyListArea;
  search?: Readonly<Record<string, string>>;
}

export interface ListContext {
  area: AnyListArea;
  /** The search the list shows (the last valid one sent). */
  search: ListSearch;
  /** Bumped by Reset: the form starts again from `search`. */
  formRevision: number;
  fieldErrors: FieldErrors;
  /** The page shown (or being loaded) and the cursors beside it (keyset-paging.ts). */
  paging: KeysetPaging;
  items: unknown[];
  /** A list has arrived once: a later load keeps it on screen. */
  loaded: boolean;
  failure: Failure | null;
  /** The filter's applications; null until they have arrived. */
  choices: AppOption[] | null;
  /** The row whose details dialog is open, kept live like its row. */
  detail: unknown;
}

export type ListEvent =
  | { type: "list.search"; search: ListSearch }
  | { type: "list.reset" }
  | { type: "list.retry" }
  | { type: "list.page"; page: number }
  | { type: "list.pageSize"; pageSize: number }
  /** Something added or changed rows (a redelivery, a test event, a poll): the page shown is asked for again. */
  | { type: "list.reload" }
  | { type: "row.details"; key: string }
  | { type: "details.close" }
  /** From the live stream: a row as it is now. */
  | { type: "row.updated"; row: unknown }
  | { type: "feed.failed" };

/** How often a live list is asked for again once its stream has failed. */
export const listPollMs = 5000;

const keyOf = (context: ListContext, row: unknown) => context.area.rowKey(row);
const findRow = (context: ListContext, key: string) => context.items.find((row) => keyOf(context, row) === key);

/** The search a list starts with: the one it was opened with when it is valid, else none (a hand-typed link). */
function startingSearch(input: ListInput): ListSearch {
  const empty = emptySearchOf(input.area);
  if (!input.search) return empty;
  const search = searchFrom(input.area, { ...empty, ...input.search });
  return isFiltered(search) && isValidSearch(input.area, search) ? search : empty;
}

const searchTransitions = {
  "list.search": [{ guard: "searchValid", target: "loading", actions: "applySearch" }, { actions: "showSearchErrors" }],
  "list.reset": { target: "loading", actions: "resetSearch" },
} as const;

// One file: the statechart is one `setup().createMachine()` definition, its states and transitions with the actions
// and guards they name, whose types XState infers from the whole (an action written apart loses them).
/**
 * Every list of the console (issue 40), configured by its area (list-area.ts): the server filters and pages it on
 * keyset pages; the search form is checked against the request's schema first; a details dialog per row; and, for an
 * area whose rows are live, the stream beside the list (`feed`):
 *
 * - a row on the page is updated in place, in the dialog too when it is the one open;
 * - a row not on the page, while page 1 of the unfiltered list is shown, is a new one (the newest come first): the
 *   page is asked for again. With a filter or on a later page it is left alone: the rows do not move under a
 *   merchant who is searching or reading further back, and the next Search or page shows it;
 * - when the stream fails (signed out, too many streams, the network), the list is asked for again every 5 s.
 */
export const listMachine = setup({
  types: {} as { context: ListContext; events: ListEvent; input: ListInput },
  actors: {
    loadPage: fromPromise<ListLoad, ListLoadInput>(async () => {
      throw new Error("loadPage is provided by the app");
    }),
    /** The rows' live stream: sends row.updated on every change, feed.failed once when it breaks. */
    watchRows: fromCallback<EventObject>(() => () => undefined),
  },
  delays: { listPoll: listPollMs },
  actions: {
    applySearch: assign(({ context, event }) =>
      event.type === "list.search"
        ? { search: searchFrom(context.area, event.search), fieldErrors: {}, paging: fromFirstPage(context.paging) }
        : {},
    ),
    showSearchErrors: assign(({ context, event }) =>
      event.type === "list.search"
        ? { fieldErrors: listSearchErrors(context.area, searchFrom(context.area, event.search)) }
        : {},
    ),
    resetSearch: assign(({ context }) => ({
      search: emptySearchOf(context.area),
      fieldErrors: {},
      paging: fromFirstPage(context.paging),
      formRevision: context.formRevision + 1,
    })),
  },
  guards: {
    searchValid: ({ context, event }) =>
      event.type === "list.search" && isValidSearch(context.area, searchFrom(context.area, event.search)),
    /** The page after or before the one shown, when there is one. */
    besidePage: ({ context, event }) => event.type === "list.page" && pagingTo(context.paging, event.page) !== null,
    otherPageSize: ({ context, event }) =>
      event.type === "list.pageSize" &&
      context.area.pageSizes.includes(event.pageSize) &&
      event.pageSize !== context.paging.pageSize,
    listed: ({ context, event }) => event.type === "row.details" && findRow(context, event.key) !== undefined,
    updatesListed: ({ context, event }) =>
      event.type === "row.updated" && findRow(context, keyOf(context, event.row)) !== undefined,
    /** A row the page does not show, while it shows the newest of all: a new row, to be listed first. */
    newOnFirstPage: ({ context, event }) =>
      event.type === "row.updated" &&
      context.paging.page === 1 &&
      !isFiltered(context.search) &&
      findRow(context, keyOf(context, event.row)) === undefined,
    live: ({ context }) => context.area.live,
  },
}).createMachine({
  id: "list",
  context: ({ input }) => ({
    area: input.area,
    search: startingSearch(input),
    formRevision: 0,
    fieldErrors: {},
    paging: firstPage(input.area.defaultPageSize),
    items: [],
    loaded: false,
    failure: null,
    choices: null,
    detail: null,
  }),
  type: "parallel",
  on: {
    "row.updated": {
      guard: "updatesListed",
      actions: assign(({ context, event }) => {
        const key = keyOf(context, event.row);
        return {
          items: context.items.map((row) => (keyOf(context, row) === key ? event.row : row)),
          detail: context.detail !== null && keyOf(context, context.detail) === key ? event.row : context.detail,
        };
      }),
    },
  },
  states: {
    list: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadPage",
            src: "loadPage",
            input: ({ context }) => ({
              request: context.area.requestSchema.parse(
                listRequestOf(context.area, context.search, pagingRequest(context.paging)),
              ),
              withChoices: context.choices === null,
            }),
            onDone: {
              target: "ready",
              actions: assign(({ context, event }) => ({
                items: event.output.items,
                paging: pageArrived(context.paging, event.output),
                choices: event.output.choices ?? context.choices,
                loaded: true,
                failure: null,
              })),
            },
            onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          },
          // The answer under way may predate the change: ask again.
          on: { "list.reload": { target: "loading", reenter: true } },
        },
        failed: {
          on: { ...searchTransitions, "list.retry": "loading", "list.reload": "loading" },
        },
        ready: {
          on: {
            ...searchTransitions,
            "list.page": {
              guard: "besidePage",
              target: "loading",
              actions: assign({
                paging: ({ context, event }) => pagingTo(context.paging, event.page) ?? context.paging,
              }),
            },
            "list.pageSize": {
              guard: "otherPageSize",
              target: "loading",
              actions: assign({ paging: ({ context, event }) => fromFirstPage(context.paging, event.pageSize) }),
            },
            "list.reload": "loading",
            "row.details": {
              guard: "listed",
              target: "details",
              actions: assign({ detail: ({ context, event }) => findRow(context, event.key) ?? null }),
            },
            "row.updated": {
              guard: "newOnFirstPage",
              target: "loading",
              actions: assign({ paging: ({ context }) => fromFirstPage(context.paging) }),
            },
          },
        },
        // Every field of the row is in the row: the dialog shows it as the stream keeps it, with no call of its own.
        details: {
          on: { "details.close": { target: "ready", actions: assign({ detail: null }) } },
        },
      },
    },
    feed: {
      initial: "starting",
      states: {
        starting: { always: [{ guard: "live", target: "live" }, { target: "off" }] },
        off: {},
        live: {
          invoke: { id: "watchRows", src: "watchRows" },
          on: { "feed.failed": "polling" },
        },
        polling: {
          after: { listPoll: { target: "polling", reenter: true, actions: raise({ type: "list.reload" }) } },
        },
      },
    },
  },
});

export type ListActor = ActorRefFrom<typeof listMachine>;
