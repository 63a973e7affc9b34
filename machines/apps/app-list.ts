import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from "xstate";
import {
  type AppListRequest,
  type AppListResult,
  type AppSetStatusRequest,
  type AppStatus,
  type Application,
  appListRequest,
  appStatuses,
} from "../../contracts/schemas/apps.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "../api-failure.ts";
import {
  firstPage,
  fromFirstPage,
  type KeysetPaging,
  pageArrived,
  pagingRequest,
  pagingTo,
} from "../lists/keyset-paging.ts";

/** The search form as typed: a status ("" for all) and a part of the name. */
export interface AppSearch {
  status: AppStatus | "";
  name: string;
}

export const emptyAppSearch: AppSearch = { status: "", name: "" };
export const appPageSize = 10;

/** One page of the list, with the package that allows (or stops) more applications, loaded together. */
export type AppListLoad = AppListResult & { subscription: SubscriptionResult };

export interface AppListContext {
  subscription: SubscriptionResult | null;
  search: AppSearch;
  fieldErrors: FieldErrors;
  /** The page shown (or being loaded) and the cursors beside it (machines/lists/keyset-paging.ts). */
  paging: KeysetPaging;
  items: Application[];
  /** A list has arrived once: a later load keeps it on screen. */
  loaded: boolean;
  failure: Failure | null;
  /** The application being stopped or started; its buttons wait. */
  switching: string | null;
  switchFailure: Failure | null;
}

export type AppListEvent =
  | ({ type: "apps.search" } & AppSearch)
  | { type: "apps.retry" }
  | { type: "apps.page"; page: number }
  | { type: "apps.reload" }
  | { type: "app.setStatus"; appCode: string; status: AppStatus }
  | { type: "app.changed"; app: Application };

export function toAppListRequest(
  search: AppSearch,
  paging: { cursor?: string; pageSize: number } = { pageSize: appPageSize },
): AppListRequest {
  const name = search.name.trim();
  return {
    ...(search.status ? { status: search.status } : {}),
    ...(name ? { name } : {}),
    ...paging,
  };
}

const searchOf = (event: AppSearch): AppSearch => ({ status: event.status, name: event.name });

const listed = (context: AppListContext, appCode: string) => context.items.find((app) => app.appCode === appCode);

const replaced = (items: Application[], app: Application) =>
  items.map((item) => (item.appCode === app.appCode ? app : item));

/**
 * My applications (spec section 2): the server filters and pages the list; a row is stopped or started in place. The
 * add dialog (app-add.ts) and the appEdit dialog run beside it and tell it what changed.
 */
export const appListMachine = setup({
  types: {} as { context: AppListContext; events: AppListEvent },
  actors: {
    loadApps: fromPromise<AppListLoad, AppListRequest>(async () => {
      throw new Error("loadApps is provided by the app");
    }),
    setStatus: fromPromise<Application, AppSetStatusRequest>(async () => {
      throw new Error("setStatus is provided by the app");
    }),
  },
  guards: {
    searchValid: ({ event }) =>
      event.type === "apps.search" &&
      (event.status === "" || (appStatuses as readonly string[]).includes(event.status)) &&
      appListRequest.safeParse(toAppListRequest(searchOf(event))).success,
    /** The page after or before the one shown, when there is one. */
    besidePage: ({ context, event }) => event.type === "apps.page" && pagingTo(context.paging, event.page) !== null,
    otherStatus: ({ context, event }) =>
      event.type === "app.setStatus" && (listed(context, event.appCode)?.status ?? event.status) !== event.status,
  },
}).createMachine({
  id: "appList",
  context: {
    subscription: null,
    search: emptyAppSearch,
    fieldErrors: {},
    paging: firstPage(appPageSize),
    items: [],
    loaded: false,
    failure: null,
    switching: null,
    switchFailure: null,
  },
  initial: "loading",
  on: {
    "app.changed": { actions: assign({ items: ({ context, event }) => replaced(context.items, event.app) }) },
  },
  states: {
    loading: {
      invoke: {
        id: "loadApps",
        src: "loadApps",
        input: ({ context }) => appListRequest.parse(toAppListRequest(context.search, pagingRequest(context.paging))),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            items: event.output.items,
            paging: pageArrived(context.paging, event.output),
            subscription: event.output.subscription,
            loaded: true,
            failure: null,
          })),
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      on: { "apps.retry": "loading" },
    },
    ready: {
      on: {
        "apps.search": [
          {
            guard: "searchValid",
            target: "loading",
            actions: assign({
              search: ({ event }) => searchOf(event),
              fieldErrors: {},
              paging: ({ context }) => fromFirstPage(context.paging),
            }),
          },
          {
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(appListRequest.safeParse(toAppListRequest(searchOf(event)))),
            }),
          },
        ],
        "apps.page": {
          guard: "besidePage",
          target: "loading",
          actions: assign({ paging: ({ context, event }) => pagingTo(context.paging, event.page) ?? context.paging }),
        },
        "apps.reload": "loading",
        "app.setStatus": {
          guard: "otherStatus",
          target: "switching",
          actions: assign({ switching: ({ event }) => event.appCode, switchFailure: null }),
        },
      },
    },
    switching: {
      invoke: {
        id: "setStatus",
        src: "setStatus",
        input: ({ event }) => {
          assertEvent(event, "app.setStatus");
          return { appCode: event.appCode, status: event.status };
        },
        onDone: {
          target: "ready",
          actions: assign({ items: ({ context, event }) => replaced(context.items, event.output), switching: null }),
        },
        onError: {
          target: "ready",
          actions: assign({ switchFailure: ({ event }) => toFailure(event.error), switching: null }),
        },
      },
    },
  },
});

export type AppListActor = ActorRefFrom<typeof appListMachine>;
