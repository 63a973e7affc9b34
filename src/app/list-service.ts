import { type CallbackLogicFunction, type EventObject, fromCallback, fromPromise } from "xstate";
import type { ListArea, PagesCall } from "../../machines/lists/list-area.ts";
import { type ListLoad, listMachine } from "../../machines/lists/list-machine.ts";

/** What the list machine sends from an area's live stream (machines/lists/list-machine.ts `watchRows`). */
export type RowEvent<Row> =
  | { type: "row.updated"; row: Row }
  | { type: "list.reload"; why?: string }
  | { type: "feed.failed" };

/** An area's effects, in its own types: the request its endpoint takes, the rows it answers. */
export interface ListEffects<Request, Row> {
  /** One page; `withChoices`: the filter's applications have not arrived yet, and may come with it. */
  loadPage(request: Request, withChoices: boolean): Promise<ListLoad>;
  loadDetail?(key: string): Promise<unknown>;
  /** A row's `call` action: answers the row as it is now. */
  runAction?(action: string, row: Row): Promise<Row>;
  /** The rows' live stream: returns what stops it. */
  watchRows?(send: (event: RowEvent<Row>) => void): () => void;
}

/**
 * The one list machine provided for an area. The machine holds every area's requests and rows untyped; they are the
 * area's own again here: a request is its schema's parse (what the machine sent was made by the same parse), a row
 * is one the area's own pages brought.
 */
export function provideList<Request, Row>(area: ListArea<Request, Row, unknown>, effects: ListEffects<Request, Row>) {
  const { loadDetail, runAction, watchRows } = effects;
  const watch: CallbackLogicFunction<EventObject> | undefined = watchRows && (({ sendBack }) => watchRows(sendBack));
  return listMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) =>
        effects.loadPage(area.requestSchema.parse(input.request), input.withChoices),
      ),
      ...(loadDetail ? { loadDetail: fromPromise(({ input }) => loadDetail(input.key)) } : {}),
      ...(runAction ? { runAction: fromPromise(({ input }) => runAction(input.action, input.row as Row)) } : {}),
      ...(watch ? { watchRows: fromCallback(watch) } : {}),
    },
  });
}

/**
 * A list whose pages are its endpoint's answers and nothing more (no details call, no row actions, no live rows): the
 * one list machine provided from the area alone, its pages asked of `api.<area>.<call>` as the area's endpoint names
 * them (machines/lists/list-area.ts `listArea`), so the area needs no wiring file of its own.
 */
export function provideListPages<Request, Row, A extends string, C extends string>(
  area: ListArea<Request, Row, unknown> & { pages: PagesCall<A, C> },
  { api }: { api: { [K in A]: { [L in C]: (request: Request) => Promise<ListLoad> } } },
) {
  const { area: name, call } = area.pages;
  return provideList(area, { loadPage: (request) => api[name][call](request) });
}
