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

/**
 * One page of rows; the filter's choices (the merchant's applications) come with the first page, and an area may
 * bring what its page shows beside the list (`extra`: My applications' package) with every page.
 */
export type ListLoad = KeysetPageAnswer & { items: unknown[]; choices?: AppOption[]; extra?: unknown };
export interface ListLoadInput {
  request: unknown;
  withChoices: boolean;
}

/** The list to show, and where it was opened from: a search to start with (a link's `?billNo=`), a page size. */
export interface ListInput {
  area: AnyListArea;
  search?: Readonly<Record<string, string>>;
  /** One of the area's page sizes; any other starts with its default. */
  pageSize?: number;
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
  /** What the area's page shows beside the list, as the last page brought it; null until then. */
  extra: unknown;
  /** The row whose details dialog is open, and its details: the row itself (kept live like it) or as loaded. */
  detailKey: string | null;
  detail: unknown;
  detailFailure: Failure | null;
  /** The row action under way (its dialog open, or its call made), and the last call's refusal. */
  acting: { action: string; key: string } | null;
  actionFailure: Failure | null;
  /** `list.reload` came while a page was being asked for: ask again once its answer has come. */
  reloadQueued: boolean;
}

export type ListEvent =
  | { type: "list.search"; search: ListSearch }
  | { type: "list.reset" }
  | { type: "list.retry" }
  | { type: "list.page"; page: number }
  | { type: "list.pageSize"; pageSize: number }
  /** Something added or changed rows (a redelivery, a test event, a poll): the page shown is asked for again. */
  | { type: "list.reload"; why?: string }
  | { type: "row.details"; key: string }
  | { type: "details.retry" }
  | { type: "details.close" }
  | { type: "row.act"; action: string; key: string }
  /** The action's dialog has closed: the rows may have changed. */
  | { type: "action.done" }
  /** From the live stream: a row as it is now. */
  | { type: "row.updated"; row: unknown }
  | { type: "feed.failed" };

/** How often a live list is asked for again once its stream has failed. */
export const listPollMs = 5000;

const keyOf = (context: ListContext, row: unknown) => context.area.rowKey(row);
const findRow = (context: ListContext, key: string) => context.items.find((row) => keyOf(context, row) === key);

/** The row of the event may take the action of the kind asked for (list-area.ts). */
function actionAllowed(context: ListContext, event: ListEvent, kind: "dialog" | "call") {
  if (event.type !== "row.act") return false;
  const action = context.area.actions?.[event.action];
  const row = findRow(context, event.key);
  return action?.kind === kind && row !== undefined && action.allowed(row);
}

/** The search a list starts with: the one it was opened with when it is valid, else none (a hand-typed link). */
function startingSearch(input: ListInput): ListSearch {
  const empty = emptySearchOf(input.area);
  if (!input.search) return empty;
  const search = searchFrom(input.area, { ...empty, ...input.search });
  return isFiltered(search) && isValidSearch(input.area, search) ? search : empty;
}

const startingPageSize = ({ area, pageSize }: ListInput): number =>
  pageSize !== undefined && area.pageSizes.includes(pageSize) ? pageSize : area.defaultPageSize;

const searchTransitions = {
  "list.search": [{ guard: "searchValid", target: "loading", actions: "applySearch" }, { actions: "showSearchErrors" }],
  "list.reset": { target: "loading", actions: "resetSearch" },
} as const;

// One file: the statechart is one `setup().createMachine()` definition, its states and transitions with the actions
// and guards they name, whose types XState infers from the whole (an action written apart loses them).
/**
 * Every list of the console, configured by its area (list-area.ts): the server filters and pages it on
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
    loadDetail: fromPromise<unknown, { key: string }>(async () => {
      throw new Error("loadDetail is provided by the app");
    }),
    /** A row's `call` action: answers the row as it is now. */
    runAction: fromPromise<unknown, { action: string; row: unknown }>(async () => {
      throw new Error("runAction is provided by the app");
    }),
    /** The rows' live stream: sends row.updated on every change, feed.failed once when it breaks. */
    watchRows: fromCallback<EventObject>(() => () => undefined),
  },
  delays: { listPoll: listPollMs },
  actions: {
    takePage: assign(({ context }, page: ListLoad) => {
      return {
        items: page.items,
        paging: pageArrived(context.paging, page),
        choices: page.choices ?? context.choices,
        extra: page.extra ?? context.extra,
        loaded: true,
        failure: null,
        reloadQueued: false,
      };
    }),
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
    startAction: assign(({ event }) =>
      event.type === "row.act" ? { acting: { action: event.action, key: event.key }, actionFailure: null } : {},
    ),
    resetSearch: assign(({ context }) => ({
      search: emptySearchOf(context.area),
      fieldErrors: {},
      paging: fromFirstPage(context.paging),
      formRevision: context.formRevision + 1,
    })),
  },
  guards: {
    reloadQueued: ({ context }) => context.reloadQueued,
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
    detailLoads: ({ context }) => context.area.detailLoads === true,
    dialogAction: ({ context, event }) => actionAllowed(context, event, "dialog"),
    callAction: ({ context, event }) => actionAllowed(context, event, "call"),
  },
}).createMachine({
  id: "list",
  context: ({ input }) => ({
    area: input.area,
    search: startingSearch(input),
    formRevision: 0,
    fieldErrors: {},
    paging: firstPage(startingPageSize(input)),
    items: [],
    loaded: false,
    failure: null,
    choices: null,
    extra: null,
    detailKey: null,
    detail: null,
    detailFailure: null,
    acting: null,
    actionFailure: null,
    reloadQueued: false,
  }),
  type: "parallel",
  on: {
    "row.updated": {
      guard: "updatesListed",
      actions: assign(({ context, event }) => {
        const key = keyOf(context, event.row);
        return {
          items: context.items.map((row) => (keyOf(context, row) === key ? event.row : row)),
          detail: !context.area.detailLoads && context.detailKey === key ? event.row : context.detail,
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
            onDone: [
              // Asked again while this answer was under way: it is shown, and the page is asked for once more.
              {
                guard: "reloadQueued",
                target: "loading",
                reenter: true,
                actions: { type: "takePage", params: ({ event }) => event.output },
              },
              { target: "ready", actions: { type: "takePage", params: ({ event }) => event.output } },
            ],
            onError: {
              target: "failed",
              actions: assign({ failure: ({ event }) => toFailure(event.error), reloadQueued: false }),
            },
          },
          // The answer under way may predate the change: ask again once it has come. Not at once: reloads arriving
          // faster than an answer (a live stream's events, polls on a busy machine) would never let one through.
          on: { "list.reload": { actions: assign({ reloadQueued: true }) } },
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
              actions: assign(({ context, event }) => ({
                detailKey: event.key,
                detail: context.area.detailLoads ? null : (findRow(context, event.key) ?? null),
                detailFailure: null,
              })),
            },
            "row.act": [
              { guard: "dialogAction", target: "acting", actions: "startAction" },
              { guard: "callAction", target: "calling", actions: "startAction" },
            ],
            "row.updated": {
              guard: "newOnFirstPage",
              target: "loading",
              actions: assign({ paging: ({ context }) => fromFirstPage(context.paging) }),
            },
          },
        },
        // A row's details: the row itself (the dialog shows it as the stream keeps it), or loaded by a call.
        details: {
          on: {
            "details.close": {
              target: "ready",
              actions: assign({ detailKey: null, detail: null, detailFailure: null }),
            },
          },
          initial: "opening",
          states: {
            opening: { always: [{ guard: "detailLoads", target: "loading" }, { target: "shown" }] },
            loading: {
              invoke: {
                id: "loadDetail",
                src: "loadDetail",
                input: ({ context }) => ({ key: context.detailKey ?? "" }),
                onDone: {
                  target: "shown",
                  actions: assign({ detail: ({ event }) => event.output, detailFailure: null }),
                },
                onError: {
                  target: "failed",
                  actions: assign({ detailFailure: ({ event }) => toFailure(event.error) }),
                },
              },
            },
            shown: {},
            failed: { on: { "details.retry": "loading" } },
          },
        },
        // A dialog of the row's action runs its own machine; when it closes, the row may have changed.
        acting: {
          on: { "action.done": { target: "loading", actions: assign({ acting: null }) } },
        },
        // A row's call: its answer is the row as it is now; a refusal keeps the rows and is said.
        calling: {
          invoke: {
            id: "runAction",
            src: "runAction",
            input: ({ context }) => ({
              action: context.acting?.action ?? "",
              row: findRow(context, context.acting?.key ?? ""),
            }),
            onDone: {
              target: "ready",
              actions: assign(({ context, event }) => {
                const key = keyOf(context, event.output);
                return {
                  items: context.items.map((row) => (keyOf(context, row) === key ? event.output : row)),
                  acting: null,
                };
              }),
            },
            onError: {
              target: "ready",
              actions: assign({ actionFailure: ({ event }) => toFailure(event.error), acting: null }),
            },
          },
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
