import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { ActorRefFrom } from "xstate";
import type { ListArea, ListSearch } from "../../machines/lists/list-area.ts";
import type { listMachine } from "../../machines/lists/list-machine.ts";
import { pageSizeOfQuery, searchOfQuery } from "../../machines/lists/list-query.ts";
import { selectListQuery } from "../../machines/lists/list-selectors.ts";

/** What a list page keeps of the address bar: the search its list starts with, and what its list wrote last. */
export interface UrlSearch {
  /** Changes when a link (not the list) changed the query: the page starts its list again from `search`. */
  key: number;
  search: ListSearch;
  /** The page size the list starts with: the address bar's when it is one of the area's, else the default. */
  pageSize: number;
  /** The query the page shows, as the list wrote it or a link brought it. */
  shown: { current: string };
  /** The address bar is the page's own: false while its tab is kept hidden behind another page's. */
  here: boolean;
}

type UrlArea = Pick<ListArea, "fields" | "pageSizes" | "defaultPageSize">;

const startOf = (area: UrlArea, params: URLSearchParams) => ({
  search: searchOfQuery(area, params),
  pageSize: pageSizeOfQuery(area, params),
});

/**
 * The address bar's query as a list page's search and page size: the list starts from them, and starts again when a
 * link or Back/Forward changes the query (a `?flag=` link followed while the page is open); what the list writes
 * itself (`useSearchInUrl`) starts nothing.
 * While the page is kept behind another tab (keep-alive-outlet.tsx) the address is that page's: it is left alone.
 */
export function useUrlSearch(area: UrlArea): UrlSearch {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const own = useRef(pathname);
  const here = pathname === own.current;
  const query = params.toString();
  const shown = useRef(query);
  const [start, setStart] = useState(() => ({ key: 0, ...startOf(area, params) }));
  useEffect(() => {
    if (!here || query === shown.current) return;
    shown.current = query;
    setStart((before) => ({ key: before.key + 1, ...startOf(area, new URLSearchParams(query)) }));
  }, [area, here, query]);
  return { key: start.key, search: start.search, pageSize: start.pageSize, shown, here };
}

/**
 * The list's search and page size written to the address bar whenever they change (a search, Reset, another page
 * size, a link's search the list refused), replacing the entry: Back leaves the page rather than stepping through its searches, and a reload or a
 * copied link shows the same rows.
 */
export function useSearchInUrl(list: ActorRefFrom<typeof listMachine>, url: UrlSearch) {
  const query = useSelector(list, selectListQuery);
  const [, setParams] = useSearchParams();
  const { shown, here } = url;
  useEffect(() => {
    // Compared with what the page shows, not the address bar: a link just followed is the page's to start from.
    const wanted = new URLSearchParams(query).toString();
    if (!here || wanted === shown.current) return;
    shown.current = wanted;
    setParams(wanted, { replace: true });
  }, [query, here, setParams, shown]);
}
