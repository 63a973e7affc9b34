/**
 * A list machine's paging on the wire's keyset pages (contracts/schemas/list.ts): the page shown is reached
 * by the cursors of the page beside it, one step at a time, and its number is what the merchant reads ("page 3 of 12").
 * Pure functions over one context part, so every list machine pages the same way.
 */
export interface KeysetPaging {
  /** The page shown (or being loaded), from 1. */
  page: number;
  pageSize: number;
  /** Where the page shown (or being loaded) starts; undefined for the first page. */
  cursor: string | undefined;
  nextCursor: string | null;
  previousCursor: string | null;
  /** How many rows the filters select, as the first page counted them. */
  total: number;
  /** There are at least `total` rows ("10,000+"). */
  totalCapped: boolean;
}

/** What a list's answer brings to its paging. */
export interface KeysetPageAnswer {
  pageSize: number;
  nextCursor: string | null;
  previousCursor: string | null;
  total: number | null;
  totalCapped: boolean;
}

export const firstPage = (pageSize: number): KeysetPaging => ({
  page: 1,
  pageSize,
  cursor: undefined,
  nextCursor: null,
  previousCursor: null,
  total: 0,
  totalCapped: false,
});

/** The same list from its first page: a new search, a new page size, or the newest rows to show. */
export const fromFirstPage = (paging: KeysetPaging, pageSize = paging.pageSize): KeysetPaging => ({
  ...paging,
  page: 1,
  pageSize,
  cursor: undefined,
});

/** The paging that loads `page`, the page after or before the one shown; null for any other page, or past an end. */
export function pagingTo(paging: KeysetPaging, page: number): KeysetPaging | null {
  if (page === paging.page + 1 && paging.nextCursor) return { ...paging, page, cursor: paging.nextCursor };
  if (page === paging.page - 1 && paging.previousCursor) return { ...paging, page, cursor: paging.previousCursor };
  return null;
}

/**
 * The paging once a page arrived: a page with nothing before it is the first (the server answers the first page for a
 * cursor back past the newest row or forward past the oldest), and a page that was not counted keeps the first's total.
 */
export function pageArrived(paging: KeysetPaging, answer: KeysetPageAnswer): KeysetPaging {
  const first = answer.previousCursor === null;
  return {
    page: first ? 1 : paging.page,
    pageSize: answer.pageSize,
    cursor: first ? undefined : paging.cursor,
    nextCursor: answer.nextCursor,
    previousCursor: answer.previousCursor,
    total: answer.total ?? paging.total,
    totalCapped: answer.total === null ? paging.totalCapped : answer.totalCapped,
  };
}

/** How many pages the total fills (at least one); for a capped total, as many as it counted. */
export const pageCountOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** A list request's filters alone, as its export takes them: the request without its cursor and page size. */
export function withoutPaging<R extends { cursor?: string; pageSize?: number }>(
  request: R,
): Omit<R, "cursor" | "pageSize"> {
  const { cursor: _cursor, pageSize: _pageSize, ...filters } = request;
  return filters;
}

/** The request's paging part: the cursor only when there is one. */
export const pagingRequest = (paging: KeysetPaging): { cursor?: string; pageSize: number } => ({
  ...(paging.cursor ? { cursor: paging.cursor } : {}),
  pageSize: paging.pageSize,
});

/** What a list's paging bar shows (src/ui/list-paging.tsx): the page of how many, and what may be pressed. */
export interface PagingView {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  /** There are at least `total` rows ("10,000+"): the page count is the counted part's. */
  totalCapped: boolean;
  pageSizes: readonly number[];
  canPrevious: boolean;
  canNext: boolean;
  canPageSize: boolean;
}

/** The paging bar's view of a list machine's paging; `can` asks the machine whether it takes the event now. */
export function pagingViewOf(
  paging: KeysetPaging,
  pageSizes: readonly number[],
  can: { page(page: number): boolean; pageSize(pageSize: number): boolean },
): PagingView {
  const { page, pageSize, total, totalCapped } = paging;
  const otherSize = pageSizes.find((size) => size !== pageSize) ?? pageSize;
  return {
    page,
    pageCount: pageCountOf(total, pageSize),
    pageSize,
    total,
    totalCapped,
    pageSizes,
    canPrevious: can.page(page - 1),
    canNext: can.page(page + 1),
    canPageSize: can.pageSize(otherSize),
  };
}
