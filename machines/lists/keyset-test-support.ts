import { pageCountOf } from "./keyset-paging.ts";

/** A fake server's cursors, for tests of list machines and views: cursor `p<n>` starts page n. */
export const pageNumberOf = (cursor: string | undefined): number => (cursor ? Number(cursor.slice(1)) : 1);

/** The paging part of page `page` of `total` rows as a fake server answers it: the total is counted on page 1 only. */
export const fakeKeysetPaging = (page: number, pageSize: number, total: number) => ({
  pageSize,
  nextCursor: page < pageCountOf(total, pageSize) ? `p${page + 1}` : null,
  previousCursor: page > 1 ? `p${page - 1}` : null,
  total: page === 1 ? total : null,
  totalCapped: false,
});

/** A list that holds no row, as any list answers it. */
export const emptyKeysetPage = (pageSize = 10) => ({ items: [], ...fakeKeysetPaging(1, pageSize, 0) });
